type MessageTree = Record<string, unknown>

const isTree = (value: unknown): value is MessageTree =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Deep merge of message trees; later sources override earlier ones key by key. */
export function mergeMessages<T extends MessageTree>(base: T, ...overrides: MessageTree[]): T {
  const result: MessageTree = { ...base }
  for (const override of overrides) {
    for (const [key, value] of Object.entries(override)) {
      const current = result[key]
      result[key] = isTree(current) && isTree(value) ? mergeMessages(current, value) : value
    }
  }
  return result as T
}
