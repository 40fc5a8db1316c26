import type { en } from './en'

export const pt: typeof en = {
  resources: {
    brands: {
      name: 'Marca |||| Marcas',
      fields: {
        id: 'ID',
        name: 'Nome',
        email: 'E-mail',
        password: 'Senha',
        contact: 'Telefone de contato',
        status: 'Status',
        website: 'Site',
        managerId: 'Gerente',
        companyName: 'Nome da empresa',
        companyAddress: 'Endereço da empresa',
        companyCountry: 'País da empresa',
        companyTaxId: 'CNPJ / ID fiscal',
        hasPassword: 'Possui senha do painel',
        createdAt: 'Criado em',
        updatedAt: 'Atualizado em',
        products: 'Produtos',
      },
      sections: { brand: 'Marca', company: 'Empresa' },
      password_help: {
        set: 'Há uma senha definida: deixe em branco para mantê-la.',
        unset: 'Sem senha: defina uma para abrir o painel da marca.',
        rule: '8 a 32 caracteres com uma letra, um número e um de #?!@$%^&*-',
      },
    },
    products: {
      name: 'Produto |||| Produtos',
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
    status: { active: 'Ativo', inactive: 'Inativo' },
    actions: { activate: 'Ativar', deactivate: 'Desativar' },
    notifications: {
      status_changed: 'Status alterado em 1 registro |||| Status alterado em %{smart_count} registros',
    },
    validation: {
      password: 'A senha deve ter de 8 a 32 caracteres, com pelo menos uma letra, um número e um caractere especial (#?!@$%^&*-)',
      phone: 'Número de telefone inválido',
      website: 'Informe um endereço completo http:// ou https://',
      country: 'Use um código de país de 2 letras',
    },
  },
}
