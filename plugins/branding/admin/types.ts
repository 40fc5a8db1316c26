/* What the logos section reads and sends (GET/POST/DELETE /api/v1/branding/logo). */
export const LOGO_API = '/api/v1/branding/logo'

export interface LogoUrls {
  logoUrl: string | null
  loginLogoUrl: string | null
  favIconUrl: string | null
}

export type LogoKind = 'logo' | 'loginLogo' | 'icon'

/** Spec §9 sizes, and where each image's URL comes back. */
export const LOGO_KINDS: Array<{ kind: LogoKind; width: number; height: number; urlKey: keyof LogoUrls }> = [
  { kind: 'logo', width: 386, height: 74, urlKey: 'logoUrl' },
  { kind: 'loginLogo', width: 450, height: 150, urlKey: 'loginLogoUrl' },
  { kind: 'icon', width: 16, height: 16, urlKey: 'favIconUrl' },
]
