/* Admin UI messages of the fraud plugin (tr). */
export const tr = {
  // The plugin's name and description (dashboard, Integrations).
  plugins: {
    fraud: {
      name: 'Dolandırıcılık kuralları',
      description: 'Tıklamalara uygulanan dolandırıcılık önleme kuralları (veri merkezi, proxy, kara liste, cihaz).',
    },
  },
  resources: {
    'configuration/tracking/fraud-rules': {
      name: 'Dolandırıcılık kuralı |||| Dolandırıcılık kuralları',
      notifications: {
        created: 'Dolandırıcılık kuralı oluşturuldu',
        updated: 'Dolandırıcılık kuralı kaydedildi',
        deleted: 'Dolandırıcılık kuralı silindi |||| %{smart_count} dolandırıcılık kuralı silindi',
      },
      fields: {
        name: 'Ad',
        type: 'Tür',
        action: 'Eylem',
        status: 'Durum',
        createdAt: 'Oluşturulma',
        brandSelection: 'Markalar',
        affiliateSelection: 'Ortaklar',
        campaignSelection: 'Kampanyalar',
        brandIds: 'Markalar',
        affiliateIds: 'Ortaklar',
        campaignIds: 'Kampanyalar',
        ips: 'IP adresleri ve aralıkları',
        userAgents: 'Kullanıcı ajanları',
        devices: 'Cihazlar',
        os: 'İşletim sistemleri',
      },
    },
  },
  fraud: {
    status: { active: 'Aktif', inactive: 'Pasif' },
    actions: { mark: 'Dolandırıcılık olarak işaretle', block: 'Engelle' },
    types: { data_center: 'Veri merkezi', blacklist: 'Kara liste', device: 'Cihaz', proxy: 'Proxy' },
    selections: { all: 'Tümü', include: 'Dahil et', exclude: 'Hariç tut' },
    devices: { desktop: 'Masaüstü', mobile: 'Mobil', tablet: 'Tablet', bot: 'Bot' },
    os: {
      windows: 'Windows',
      macos: 'macOS',
      linux: 'Linux',
      android: 'Android',
      ios: 'iOS',
      chromeos: 'ChromeOS',
      other: 'Diğer',
    },
    help: {
      ips: 'IPv4 veya IPv6 adresleri ve CIDR aralıkları, ör. 203.0.113.0/24',
      user_agents: 'Parçalar, büyük/küçük harf duyarsız',
    },
  },
}
