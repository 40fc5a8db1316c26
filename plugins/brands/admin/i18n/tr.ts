import type { en } from './en'

export const tr: typeof en = {
  // The plugin's name and description (dashboard, Integrations).
  plugins: {
    brands: {
      name: 'Markalar ve ürünler',
      description: 'Markalar (reklamverenler) ve ürünleri, CSV ile ürün içe aktarma.',
    },
  },
  resources: {
    'manage/brand': {
      name: 'Marka |||| Markalar',
      notifications: {
        created: 'Marka oluşturuldu',
        updated: 'Marka kaydedildi',
        deleted: 'Marka silindi |||| %{smart_count} marka silindi',
      },
      fields: {
        id: 'ID',
        name: 'Ad',
        email: 'E-posta',
        contact: 'İletişim telefonu',
        status: 'Durum',
        website: 'Web sitesi',
        managerId: 'Yönetici',
        companyName: 'Şirket adı',
        companyAddress: 'Şirket adresi',
        companyCountry: 'Şirket ülkesi',
        companyTaxId: 'Vergi numarası',
        createdAt: 'Oluşturulma',
        updatedAt: 'Güncellenme',
        products: 'Ürünler',
      },
      sections: { brand: 'Marka', company: 'Şirket' },
    },
    'manage/product': {
      name: 'Ürün |||| Ürünler',
      notifications: {
        created: 'Ürün oluşturuldu',
        updated: 'Ürün kaydedildi',
        deleted: 'Ürün silindi |||| %{smart_count} ürün silindi',
      },
      fields: {
        id: 'ID',
        name: 'Ad',
        brandId: 'Marka',
        status: 'Durum',
        createdAt: 'Oluşturulma',
        updatedAt: 'Güncellenme',
      },
      import: {
        button: 'CSV içe aktar',
        title: 'Ürünleri CSV dosyasından içe aktar',
        help: 'Sütunlar: name, brand (veya brand_id), status. En fazla 10 MB.',
        choose: 'CSV dosyası seçin',
        upload: 'İçe aktar',
        uploading: 'İçe aktarılıyor…',
        summary: '%{total} satırdan %{imported} tanesi içe aktarıldı, %{failed} tanesi başarısız.',
        failures: 'Başarısız satırlar',
        line: 'Satır',
        error: 'Hata',
        more_failures: '… ve %{smart_count} satır daha |||| … ve %{smart_count} satır daha',
        download_failed: 'Başarısız satırları indir',
      },
    },
  },
  brands: {
    panels: {
      title: 'Bu markanın kişileri',
      help: 'Marka panelleri kendi parolalarıyla giriş yapar ve yalnızca bu markayı görür ve yönetir: ürünlerini ve oyuncularını.',
      name: 'Ad',
      email: 'E-posta',
      state: 'Erişim',
      signed_up: 'Parola belirlendi',
      invited_pending: 'Davet gönderildi',
      none: 'Affix’te henüz bu marka için çalışan kimse yok.',
      invite: 'Davet et',
      invited: '%{email} adresine davet gönderildi',
      unlink: 'Bağlantıyı kaldır',
      unlinked: '%{email} artık bu marka için çalışmıyor',
      login_as: 'Marka olarak giriş yap',
    },
    home: {
      brands: 'Markalar (reklamverenler) ve bilgileri.',
      products: 'Kampanyaların tanıttığı ürünler.',
      brands_brand: 'Ağın kampanya yürüttüğü markalar.',
      products_brand: 'Ağın sunduğu ürünler.',
    },
    status: { active: 'Aktif', inactive: 'Pasif' },
    actions: { activate: 'Etkinleştir', deactivate: 'Devre dışı bırak' },
    notifications: {
      status_changed: '1 kaydın durumu değişti |||| %{smart_count} kaydın durumu değişti',
    },
    validation: {
      phone: 'Geçersiz telefon numarası',
      website: 'Tam bir http:// veya https:// adresi girin',
      country: '2 harfli ülke kodu kullanın',
    },
  },
}
