/* Admin UI messages of the promo-codes plugin (tr). */
export const tr = {
  // The plugin's name and description (dashboard, Integrations).
  plugins: {
    'promo-codes': {
      name: 'Promosyon kodları',
      description: 'Bonusu, tarihleri, türü ve dahil edilen ya da hariç tutulan ortaklarıyla promosyon kodları.',
    },
  },
  resources: {
    'manage/promo-code': {
      name: 'Promosyon kodu |||| Promosyon kodları',
      notifications: {
        created: 'Promosyon kodu oluşturuldu',
        updated: 'Promosyon kodu kaydedildi',
        deleted: 'Promosyon kodu silindi |||| %{smart_count} promosyon kodu silindi',
      },
      fields: {
        id: 'ID',
        code: 'Kod',
        bonus: 'Bonus',
        bonusCurrency: 'Bonus para birimi',
        campaignId: 'Kampanya',
        affiliateId: 'Bağlı kuruluş',
        type: 'Tür',
        origin: 'Kaynak',
        status: 'Durum',
        startDate: 'Başlangıç tarihi',
        endDate: 'Bitiş tarihi',
        enabled: 'Etkin',
        description: 'Açıklama',
        affiliateSelection: 'Bağlı kuruluş seçimi',
        includedAffiliateIds: 'Dahil edilen bağlı kuruluşlar',
        excludedAffiliateIds: 'Hariç tutulan bağlı kuruluşlar',
        createdAt: 'Oluşturulma',
        q: 'Ara',
      },
    },
  },
  promo_codes: {
    home: {
      description: 'Bonusu, tarihleri ve kimlerin kullanabileceğiyle promosyon kodları.',
      description_affiliate: 'Kitlenize sunabileceğiniz promosyon kodları.',
    },
    type: { generic: 'Genel', exclusive: 'Özel', one_time: 'Tek kullanımlık' },
    origin: { organic: 'Organik', inorganic: 'İnorganik' },
    selection: {
      all: 'Tüm bağlı kuruluşlar',
      include: 'Bağlı kuruluşları dahil et',
      exclude: 'Bağlı kuruluşları hariç tut',
    },
    status: { active: 'Aktif', future: 'Gelecek', expired: 'Süresi dolmuş', inactive: 'Pasif' },
    help: {
      currency: 'Boş bırakılırsa kuruluşun para birimi.',
      affiliate_required: 'Özel ve tek kullanımlık kodlar için zorunludur.',
      affiliate_optional: 'Genel kodlar için isteğe bağlıdır.',
      selection: 'Bağlı kuruluşları dahil edin ya da hariç tutun: ikisinden biri.',
    },
    validation: {
      code: 'Kod yalnızca harf, rakam, - ve _ içerebilir',
      bonus_min: 'Bonus en az 0 olmalıdır',
      bonus_decimals: 'Bonus en fazla 2 ondalık basamak içerebilir',
    },
    errors: {
      affiliate_required: 'Özel ve tek kullanımlık promosyon kodları bir bağlı kuruluş gerektirir',
      include_needs_one: 'Dahil etme en az bir bağlı kuruluş gerektirir',
      exclude_needs_one: 'Hariç tutma en az bir bağlı kuruluş gerektirir',
      end_before_start: 'Bitiş tarihi başlangıç tarihinden sonra olmalıdır',
    },
  },
  affix: { export: { done: 'Dışa aktarıldı. Dosya İndirilenler bölümünde de var.' } },
}
