import vine from '@vinejs/vine'

export const loginAsValidator = vine.create({ userId: vine.number().withoutDecimals().positive() })
