/*
 * What other plugins may use of the branding plugin: the image kinds and their sizes. The
 * URLs themselves reach core through the manifest's `brandingImages` (kernel
 * `brandingImagesOf`), never through an import.
 */
export { LOGO_KINDS, LOGO_SIZES, LOGO_MAX_BYTES, type LogoKind } from './services/branding.js'
