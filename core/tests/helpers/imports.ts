/** Polls GET /imports/:id until its status is one of `statuses`. */
export async function waitForImport(client: any, token: string, id: number, statuses: string[], timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  const seen: string[] = []
  for (;;) {
    const response = await client.get(`/api/v1/imports/${id}`).bearerToken(token)
    response.assertStatus(200)
    const record = response.body().data
    if (seen.at(-1) !== record.status) seen.push(record.status)
    if (statuses.includes(record.status)) return { record, seen }
    if (Date.now() > deadline)
      throw new Error(`import ${id} still ${record.status} after ${timeoutMs} ms (seen ${seen.join(' → ')})`)
    await new Promise((done) => setTimeout(done, 25))
  }
}
