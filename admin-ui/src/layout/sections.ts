/*
 * Pages made of tabs that several plugins' resources join. The product's Configuration group
 * has one "Tracking" page (/configuration/tracking) rather than an entry per setting: the
 * domains links are built on and the fraud rules clicks are judged by are two of its tabs,
 * /configuration/tracking/domains and /configuration/tracking/fraud-rules. A resource joins
 * a section with `section` (its name then is `<section>/<tab>`); the sidebar lists the
 * section once, where and when any of its tabs is readable.
 */
import type { ComponentType } from 'react'
import TuneIcon from '@mui/icons-material/Tune'

export interface SectionDefinition {
  /** i18n key of the sidebar entry and the page title. */
  label: string
  icon: ComponentType
  /** Position inside its sidebar group (lower first): tracking comes before API, as the product orders them. */
  order: number
}

export const SECTIONS = {
  'configuration/tracking': { label: 'affix.layout.sections.tracking', icon: TuneIcon, order: 5 },
} satisfies Record<string, SectionDefinition>

export type SectionName = keyof typeof SECTIONS

export function isSectionName(name: string | undefined): name is SectionName {
  return Boolean(name && Object.hasOwn(SECTIONS, name))
}

/** A resource as its section sees it. */
export interface SectionMember {
  name: string
  section?: string
  menuOrder?: number
}

/** The tabs of a section among `resources`, in menu order. */
export function sectionTabs<Member extends SectionMember>(section: SectionName, resources: Member[]): Member[] {
  return resources
    .filter((resource) => resource.section === section)
    .sort((a, b) => (a.menuOrder ?? 100) - (b.menuOrder ?? 100) || a.name.localeCompare(b.name))
}
