/** ISO-8601 timestamps everywhere: they sort as text on SQLite and PostgreSQL alike. */
export const nowIso = (now = Date.now()) => new Date(now).toISOString();
export const addMs = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
