import type { en } from './en'

export const pt: typeof en = {
  // The plugin's name and description (dashboard, Integrations).
  plugins: {
    brands: {
      name: 'Marcas e produtos',
      description: 'Marcas (anunciantes) e seus produtos, com importação de produtos por CSV.',
    },
  },
  resources: {
    'manage/brand': {
      name: 'Marca |||| Marcas',
      notifications: {
        created: 'Marca criada',
        updated: 'Marca salva',
        deleted: 'Marca excluída |||| %{smart_count} marcas excluídas',
      },
      fields: {
        id: 'ID',
        name: 'Nome',
        email: 'E-mail',
        contact: 'Telefone de contato',
        status: 'Status',
        website: 'Site',
        managerId: 'Gerente',
        companyName: 'Nome da empresa',
        companyAddress: 'Endereço da empresa',
        companyCountry: 'País da empresa',
        companyTaxId: 'CNPJ / ID fiscal',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
        products: 'Produtos',
      },
      sections: { brand: 'Marca', company: 'Empresa' },
    },
    'manage/product': {
      name: 'Produto |||| Produtos',
      notifications: {
        created: 'Produto criado',
        updated: 'Produto salvo',
        deleted: 'Produto excluído |||| %{smart_count} produtos excluídos',
      },
      fields: {
        id: 'ID',
        name: 'Nome',
        brandId: 'Marca',
        status: 'Status',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
      },
      import: {
        button: 'Importar CSV',
        title: 'Importar produtos de CSV',
        help: 'Colunas: name, brand (ou brand_id), status. No máximo 10 MB.',
        choose: 'Escolher um arquivo CSV',
        upload: 'Importar',
        uploading: 'Importando…',
        summary: '%{imported} de %{total} linhas importadas, %{failed} com falha.',
        failures: 'Linhas com falha',
        line: 'Linha',
        error: 'Erro',
        more_failures: '… e mais %{smart_count} linha |||| … e mais %{smart_count} linhas',
        download_failed: 'Baixar linhas com falha',
      },
    },
  },
  brands: {
    panels: {
      title: 'Pessoas desta marca',
      help: 'Os painéis de marca entram com a própria senha e veem e gerenciam apenas esta marca: seus produtos e seus jogadores.',
      name: 'Nome',
      email: 'E-mail',
      state: 'Acesso',
      signed_up: 'Senha definida',
      invited_pending: 'Convite enviado',
      none: 'Ninguém trabalha para esta marca no Affix ainda.',
      invite: 'Convidar',
      invited: 'Convite enviado para %{email}',
      unlink: 'Desvincular',
      unlinked: '%{email} não trabalha mais para esta marca',
      login_as: 'Entrar como marca',
    },
    home: {
      brands: 'Marcas (anunciantes) e seus dados.',
      products: 'Os produtos que as campanhas divulgam.',
      brands_brand: 'As marcas para as quais a rede faz campanhas.',
      products_brand: 'Os produtos que a rede oferece.',
    },
    status: { active: 'Ativo', inactive: 'Inativo' },
    actions: { activate: 'Ativar', deactivate: 'Desativar' },
    notifications: {
      status_changed: 'Status alterado em 1 registro |||| Status alterado em %{smart_count} registros',
    },
    validation: {
      phone: 'Número de telefone inválido',
      website: 'Informe um endereço completo http:// ou https://',
      country: 'Use um código de país de 2 letras',
    },
  },
}
