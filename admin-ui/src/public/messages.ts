/*
 * Messages of the public pages (login, password, registration, verification, error
 * pages), under affix.public.*; the signup plugin brings its signup page's own. English texts of the spec are verbatim; the
 * validation texts match the server's, so a message reads the same whichever side caught it.
 */
import type { Locale } from '../plugin_api'

const en = {
  affix: {
    public: {
      fields: {
        email: 'Email',
        password: 'Password',
        new_password: 'New password',
        password_confirmation: 'Confirm password',
        name: 'Full name',
        phone: 'Phone',
        organization_name: 'Organisation name',
        timezone: 'Time zone (your days, reports and commission periods)',
        accept_terms: 'I accept the terms and conditions',
        password_hint: 'Passwords have 8 to 32 characters, with at least one letter, one number and one of #?!@$%^&*-.',
      },
      actions: {
        back_to_login: 'Back to login',
        back_to_home: 'Back to Home',
        logout: 'Logout',
      },
      login: {
        title: 'Sign in',
        sign_in: 'Sign in',
        forgot_password: 'Forgot password?',
        no_account: 'New here? Register your organisation',
        no_account_affiliate: 'New here? Sign up as an affiliate',
      },
      panels: {
        title: 'Choose a panel',
        hint: 'Your e-mail address opens panels in several organisations. Which one do you want to use?',
        current: 'last used',
        roles: {
          admin: 'Admin',
          'sub-admin': 'Sub-admin',
          affiliate: 'Affiliate',
          afm: 'Affiliate manager',
          adm: 'Account manager',
          brand: 'Advertiser',
          parent: 'Parent organisation',
          superadmin: 'Superadmin',
        },
      },
      forgot: {
        title: 'Forgot password',
        hint: 'Enter the e-mail address of your account and we will send you a link to set a new password.',
        submit: 'Send reset link',
      },
      reset: {
        title: 'Set a new password',
        submit: 'Change password',
        done_title: 'Password changed',
        go_to_login: 'Go to login',
        request_new: 'Request a new link',
      },
      invitation: {
        title: 'Choose your password',
        hint: 'You were invited to an Affix panel. The password you choose is yours alone; if you use Affix with other organisations, it applies there too.',
        submit: 'Set password',
        done_title: 'Password set',
      },
      register: {
        title: 'Register your organisation',
        submit: 'Register',
        have_account: 'Already have an account? Sign in',
        check_email: 'Check your e-mail',
        not_received: 'No e-mail after a few minutes? Check your spam folder or send a new link.',
      },
      verify: {
        verifying: 'Checking your link…',
        verified_title: 'Verified',
        failed_title: 'This link cannot be used',
        resend_title: 'Send a new link',
        resend_hint: 'Enter the e-mail address you registered with and we will send you a new activation link.',
        resend_submit: 'Send a new link',
      },
      login_as: {
        opening: 'Opening the panel…',
        failed_title: 'This login link cannot be used',
        wrong_user: 'This login link does not belong to the expected user.',
      },
      superadmin: {
        title: 'Superadmin sign in',
      },
      validation: {
        password:
          'Password must be 8 to 32 characters with at least one letter, one number and one special character (#?!@$%^&*-)',
        passwords_match: 'Passwords must match',
        phone: 'Invalid phone number',
        terms: 'Terms must be accepted',
      },
      errors: {
        fallback: 'Oops, there is an error.',
        total_failure: 'Something Went Wrong!',
        rate_limited:
          "Hold up! Looks like you've been moving too fast. Why not take a sip of coffee and wait a moment before trying again?",
      },
      error_pages: {
        bad_request: 'Sorry, the request could not be understood.',
        forbidden: 'Sorry, you are not authorized to access this page.',
        not_found: 'Sorry, the page you visited does not exist.',
      },
    },
  },
}

type Messages = typeof en

const pt: Messages = {
  affix: {
    public: {
      fields: {
        email: 'E-mail',
        password: 'Senha',
        new_password: 'Nova senha',
        password_confirmation: 'Confirmar senha',
        name: 'Nome completo',
        phone: 'Telefone',
        organization_name: 'Nome da organização',
        timezone: 'Fuso horário (seus dias, relatórios e períodos de comissão)',
        accept_terms: 'Aceito os termos e condições',
        password_hint: 'A senha tem de 8 a 32 caracteres, com pelo menos uma letra, um número e um destes: #?!@$%^&*-.',
      },
      actions: {
        back_to_login: 'Voltar ao login',
        back_to_home: 'Voltar ao início',
        logout: 'Sair',
      },
      login: {
        title: 'Entrar',
        sign_in: 'Entrar',
        forgot_password: 'Esqueceu a senha?',
        no_account: 'Novo por aqui? Cadastre sua organização',
        no_account_affiliate: 'Novo por aqui? Cadastre-se como afiliado',
      },
      panels: {
        title: 'Escolha um painel',
        hint: 'Seu e-mail abre painéis em várias organizações. Qual deles você quer usar?',
        current: 'último usado',
        roles: {
          admin: 'Administrador',
          'sub-admin': 'Subadministrador',
          affiliate: 'Afiliado',
          afm: 'Gerente de afiliados',
          adm: 'Gerente de contas',
          brand: 'Anunciante',
          parent: 'Organização principal',
          superadmin: 'Superadministrador',
        },
      },
      forgot: {
        title: 'Esqueceu a senha',
        hint: 'Informe o e-mail da sua conta e enviaremos um link para definir uma nova senha.',
        submit: 'Enviar link de redefinição',
      },
      reset: {
        title: 'Defina uma nova senha',
        submit: 'Alterar senha',
        done_title: 'Senha alterada',
        go_to_login: 'Ir para o login',
        request_new: 'Solicitar um novo link',
      },
      invitation: {
        title: 'Escolha sua senha',
        hint: 'Você foi convidado para um painel Affix. A senha que escolher é só sua; se usa o Affix com outras organizações, ela vale também lá.',
        submit: 'Definir senha',
        done_title: 'Senha definida',
      },
      register: {
        title: 'Cadastre sua organização',
        submit: 'Cadastrar',
        have_account: 'Já tem uma conta? Entre',
        check_email: 'Verifique seu e-mail',
        not_received: 'Nenhum e-mail depois de alguns minutos? Verifique a pasta de spam ou envie um novo link.',
      },
      verify: {
        verifying: 'Verificando seu link…',
        verified_title: 'Verificado',
        failed_title: 'Este link não pode ser usado',
        resend_title: 'Enviar um novo link',
        resend_hint: 'Informe o e-mail usado no cadastro e enviaremos um novo link de ativação.',
        resend_submit: 'Enviar um novo link',
      },
      login_as: {
        opening: 'Abrindo o painel…',
        failed_title: 'Este link de acesso não pode ser usado',
        wrong_user: 'Este link de acesso não pertence ao usuário esperado.',
      },
      superadmin: {
        title: 'Login de superadministrador',
      },
      validation: {
        password:
          'A senha deve ter de 8 a 32 caracteres, com pelo menos uma letra, um número e um caractere especial (#?!@$%^&*-)',
        passwords_match: 'As senhas devem coincidir',
        phone: 'Número de telefone inválido',
        terms: 'Os termos devem ser aceitos',
      },
      errors: {
        fallback: 'Ops, ocorreu um erro.',
        total_failure: 'Algo deu errado!',
        rate_limited:
          'Calma! Parece que você está indo rápido demais. Que tal tomar um gole de café e esperar um pouco antes de tentar de novo?',
      },
      error_pages: {
        bad_request: 'Desculpe, a solicitação não pôde ser entendida.',
        forbidden: 'Desculpe, você não tem autorização para acessar esta página.',
        not_found: 'Desculpe, a página que você visitou não existe.',
      },
    },
  },
}

const tr: Messages = {
  affix: {
    public: {
      fields: {
        email: 'E-posta',
        password: 'Şifre',
        new_password: 'Yeni şifre',
        password_confirmation: 'Şifreyi onayla',
        name: 'Ad soyad',
        phone: 'Telefon',
        organization_name: 'Kuruluş adı',
        timezone: 'Saat dilimi (günleriniz, raporlarınız ve komisyon dönemleriniz)',
        accept_terms: 'Şartları ve koşulları kabul ediyorum',
        password_hint:
          'Şifre 8-32 karakterdir ve en az bir harf, bir rakam ve #?!@$%^&*- karakterlerinden birini içerir.',
      },
      actions: {
        back_to_login: 'Girişe dön',
        back_to_home: 'Ana sayfaya dön',
        logout: 'Çıkış yap',
      },
      login: {
        title: 'Giriş yap',
        sign_in: 'Giriş yap',
        forgot_password: 'Şifrenizi mi unuttunuz?',
        no_account: 'Yeni misiniz? Kuruluşunuzu kaydedin',
        no_account_affiliate: 'Yeni misiniz? Ortak olarak kaydolun',
      },
      panels: {
        title: 'Bir panel seçin',
        hint: 'E-posta adresiniz birden fazla kuruluşta panel açıyor. Hangisini kullanmak istiyorsunuz?',
        current: 'son kullanılan',
        roles: {
          admin: 'Yönetici',
          'sub-admin': 'Alt yönetici',
          affiliate: 'Ortak',
          afm: 'Ortak yöneticisi',
          adm: 'Hesap yöneticisi',
          brand: 'Reklamveren',
          parent: 'Ana kuruluş',
          superadmin: 'Süper yönetici',
        },
      },
      forgot: {
        title: 'Şifremi unuttum',
        hint: 'Hesabınızın e-posta adresini girin; yeni bir şifre belirlemeniz için bir bağlantı gönderelim.',
        submit: 'Sıfırlama bağlantısı gönder',
      },
      reset: {
        title: 'Yeni şifre belirleyin',
        submit: 'Şifreyi değiştir',
        done_title: 'Şifre değiştirildi',
        go_to_login: 'Girişe git',
        request_new: 'Yeni bağlantı iste',
      },
      invitation: {
        title: 'Şifrenizi seçin',
        hint: "Bir Affix paneline davet edildiniz. Seçtiğiniz şifre yalnızca size aittir; Affix'i başka kuruluşlarla da kullanıyorsanız orada da geçerli olur.",
        submit: 'Şifreyi belirle',
        done_title: 'Şifre belirlendi',
      },
      register: {
        title: 'Kuruluşunuzu kaydedin',
        submit: 'Kaydol',
        have_account: 'Zaten hesabınız var mı? Giriş yapın',
        check_email: 'E-postanızı kontrol edin',
        not_received:
          'Birkaç dakika içinde e-posta gelmedi mi? Spam klasörünüzü kontrol edin veya yeni bir bağlantı gönderin.',
      },
      verify: {
        verifying: 'Bağlantınız kontrol ediliyor…',
        verified_title: 'Doğrulandı',
        failed_title: 'Bu bağlantı kullanılamaz',
        resend_title: 'Yeni bağlantı gönder',
        resend_hint: 'Kaydolduğunuz e-posta adresini girin; size yeni bir etkinleştirme bağlantısı gönderelim.',
        resend_submit: 'Yeni bağlantı gönder',
      },
      login_as: {
        opening: 'Panel açılıyor…',
        failed_title: 'Bu giriş bağlantısı kullanılamaz',
        wrong_user: 'Bu giriş bağlantısı beklenen kullanıcıya ait değil.',
      },
      superadmin: {
        title: 'Süper yönetici girişi',
      },
      validation: {
        password:
          'Şifre 8-32 karakter olmalı ve en az bir harf, bir rakam ve bir özel karakter (#?!@$%^&*-) içermelidir',
        passwords_match: 'Şifreler eşleşmelidir',
        phone: 'Geçersiz telefon numarası',
        terms: 'Şartlar kabul edilmelidir',
      },
      errors: {
        fallback: 'Hata oluştu.',
        total_failure: 'Bir şeyler ters gitti!',
        rate_limited:
          'Bir dakika! Çok hızlı hareket ediyorsunuz. Bir yudum kahve alıp tekrar denemeden önce biraz bekleyin.',
      },
      error_pages: {
        bad_request: 'Üzgünüz, istek anlaşılamadı.',
        forbidden: 'Üzgünüz, bu sayfaya erişim yetkiniz yok.',
        not_found: 'Üzgünüz, ziyaret ettiğiniz sayfa mevcut değil.',
      },
    },
  },
}

export const publicMessages: Record<Locale, Record<string, unknown>> = { en, pt, tr }
