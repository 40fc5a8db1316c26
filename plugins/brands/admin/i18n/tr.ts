import type { en } from './en'

export const tr: typeof en = {
  resources: {
    brands: {
      name: 'Marka |||| Markalar',
      fields: {
        id: 'ID',
        name: 'Ad',
        email: 'E-posta',
        password: 'Şifre',
        contact: 'İletişim telefonu',
        status: 'Durum',
        website: 'Web sitesi',
        managerId: 'Yönetici',
        companyName: 'Şirket adı',
        companyAddress: 'Şirket adresi',
        companyCountry: 'Şirket ülkesi',
        companyTaxId: 'Vergi numarası',
        hasPassword: 'Panel şifresi var',
        createdAt: 'Oluşturulma',
        updatedAt: 'Güncellenme',
        products: 'Ürünler',
      },
      sections: { brand: 'Marka', company: 'Şirket' },
      password_help: {
        set: 'Şifre tanımlı: korumak için boş bırakın.',
        unset: 'Henüz şifre yok: marka panelini açmak için bir şifre belirleyin.',
        rule: 'Bir harf, bir rakam ve #?!@$%^&*- karakterlerinden biriyle 8-32 karakter',
      },
    },
    products: {
      name: 'Ürün |||| Ürünler',
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
    status: { active: 'Aktif', inactive: 'Pasif' },
    actions: { activate: 'Etkinleştir', deactivate: 'Devre dışı bırak' },
    notifications: {
      status_changed: '1 kaydın durumu değişti |||| %{smart_count} kaydın durumu değişti',
    },
    validation: {
      password: 'Şifre 8-32 karakter olmalı ve en az bir harf, bir rakam ve bir özel karakter (#?!@$%^&*-) içermelidir',
      phone: 'Geçersiz telefon numarası',
      website: 'Tam bir http:// veya https:// adresi girin',
      country: '2 harfli ülke kodu kullanın',
    },
  },
}
