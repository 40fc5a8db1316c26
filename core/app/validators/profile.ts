import vine from '@vinejs/vine'
import { PASSWORD_RULE, PHONE_RULE, text } from '#kernel/validation'

/** ISO 3166-1 alpha-2: the 249 assigned country codes. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ')

export const LOCALES = ['en', 'pt', 'tr'] as const

/** Spec §3 "Profile"; every field optional, an empty value clears it (except the name). */
export const updateProfileValidator = vine.create({
  name: text().minLength(1).optional(),
  phone: vine.string().trim().regex(PHONE_RULE).nullable().optional(),
  skype: text().nullable().optional(),
  city: text().nullable().optional(),
  address: text().nullable().optional(),
  state: text().nullable().optional(),
  zipcode: vine.string().trim().maxLength(32).nullable().optional(),
  country: vine.string().trim().toUpperCase().in(COUNTRY_CODES).nullable().optional(),
  locale: vine.enum(LOCALES).nullable().optional(),
})

export const changePasswordValidator = vine.create({
  currentPassword: vine.string().minLength(1).maxLength(128),
  password: vine.string().regex(PASSWORD_RULE).confirmed({ confirmationField: 'passwordConfirmation' }),
  /** Must equal password (checked by its confirmed rule); declared so clients see it. */
  passwordConfirmation: vine.string().maxLength(128).optional(),
})
