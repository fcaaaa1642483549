/**
 * Samples of a Prometheus text exposition, keyed `name{label="value",…}` with the labels sorted,
 * so a test can look one up whatever order the exporter wrote them in.
 */
export function parseMetrics(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels = match[2] ? (match[2].match(/\w+="(?:[^"\\]|\\.)*"/g) ?? []).sort() : [];
    samples.set(sampleKey(match[1], labels), Number(match[3]));
  }
  return samples;
}

/** The key of one sample: `sample('x_total', { a: '1' })` is `x_total{a="1"}`. */
export function sample(name: string, labels: Record<string, string> = {}): string {
  return sampleKey(
    name,
    Object.entries(labels)
      .map(([k, v]) => `${k}="${v}"`)
      .sort(),
  );
}

const sampleKey = (name: string, labels: string[]) =>
  labels.length ? `${name}{${labels.join(',')}}` : name;
