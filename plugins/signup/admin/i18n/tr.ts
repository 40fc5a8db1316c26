/* Admin UI messages of the signup plugin (tr): the public signup pages and the sections of /settings. */
export const tr = {
  // The plugin's name and description (Integrations).
  plugins: {
    signup: {
      name: 'Ortak ve reklamveren kaydı',
      description:
        'Ortaklar ve reklamverenler için herkese açık kayıt sayfaları ve organizasyonun kayıt formu: özel alanları ve otomatik onay.',
    },
  },
  signup: {
    // The public signup page (/register/affiliate/:orgId, /register/:type/:orgId).
    page: {
      title_affiliate: 'Ortak kaydı',
      title_brand: 'Reklamveren kaydı',
      subtitle: '%{organization} ile çalışın',
      campaign: '#%{id} numaralı kampanya için kayıt',
      submit: 'Kaydol',
      have_account: 'Zaten hesabınız var mı? Giriş yapın',
      pending_title: 'Hesabınız onay bekliyor',
      file_hint: 'Dosyanın bağlantısı veya adı',
    },
    // The page's checks of the organisation's custom fields; the server's messages read the same.
    custom_field: {
      required: '%{field} zorunludur',
      max_length: '%{field} en fazla %{max} karakter olmalıdır',
      min: '%{field} en az %{min} karakter olmalıdır',
      max: '%{field} en fazla %{max} karakter olmalıdır',
      numeric: '%{field} yalnızca rakam içermelidir',
      alphabets: '%{field} yalnızca harf içermelidir',
      alphanumeric: '%{field} yalnızca harf ve rakam içermelidir',
      select: 'Lütfen bir değer seçin',
    },
    // /settings: the signup form section, its custom fields editor and the signup link.
    settings: {
      title: 'Ortak kayıt formu',
      help: 'Yeni ortakların kayıt olurken doldurdukları ve hemen onaylanıp onaylanmayacakları.',
      autoApprove: 'Yeni ortakları otomatik onayla',
      autoApprove_help: 'Yeni ortaklar hemen aktif olur; aksi halde onay bekler.',
      saved: 'Kayıt formu kaydedildi',
    },
    fields: {
      title: 'Özel alanlar',
      help: 'Kayıt formunda bu sırayla gösterilir.',
      name: 'Alan adı',
      name_help: 'Küçük harfler, rakamlar ve _',
      label: 'Etiket',
      type: 'Tür',
      required: 'Zorunlu',
      hidden: 'Gizli',
      options: 'Seçenekler',
      options_help: 'Seçim listesinin seçenekleri; birini yazıp Enter’a basın.',
      validation: 'Doğrulama',
      validation_type: 'Kural',
      validation_value: 'Uzunluk',
      validation_message: 'Mesaj',
      validation_message_help: 'Kural sağlanmadığında gösterilir (isteğe bağlı).',
      types: {
        text: 'Metin',
        file: 'Dosya',
        select: 'Seçim',
        alphanumeric: 'Alfanümerik',
        numeric: 'Sayısal',
        alphabets: 'Harfler',
        custom: 'Özel',
      },
      validation_types: {
        min: 'En az uzunluk',
        max: 'En fazla uzunluk',
        alphanumeric: 'Alfanümerik',
        numeric: 'Sayısal',
        alphabets: 'Harfler',
      },
      too_many: 'En fazla 50 özel alan',
      name_required: 'Alan adı zorunludur',
      name_pattern: 'Yalnızca küçük harf, rakam ve _ kullanın (en fazla 64)',
      name_unique: 'Başka bir alan bu adı kullanıyor',
      label_required: 'Etiket zorunludur',
      too_long: 'En fazla 350 karakter',
      type_required: 'Lütfen bir değer seçin',
      options_required: 'Seçim alanı en az bir seçenek gerektirir',
      options_too_many: 'En fazla 100 seçenek',
      validation_type_required: 'Lütfen bir değer seçin',
      validation_value_required: '0 ile 350 arasında bir tam sayı',
    },
    url: {
      title: 'Ortak kayıt bağlantısı',
      help: 'Bu bağlantıyı yeni ortaklarla paylaşın.',
      label: 'Ortak kayıt URL’si',
      open: 'Aç',
    },
  },
}
