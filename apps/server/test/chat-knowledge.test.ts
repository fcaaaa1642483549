import { beforeAll, describe, expect, it } from 'vitest';
import { postJson } from './helpers/api.js';
import { useTestServer } from './helpers/server.js';

const s = useTestServer({ CHAT_MESSAGES_PER_MINUTE: '1000' });
let session: string;
beforeAll(async () => {
  session = (await postJson(s.app, '/api/chat/start', {})).json().session_id;
});

/** A realistic question and the facts its answer must state (the numbers of DESIGN.md §4). */
const CASES: [string, ...RegExp[]][] = [
  ['How much does the Basic plan cost?', /\$7 a month/],
  ['What does Basic cost per year?', /\$70 a year/],
  ['How much is the Pro plan?', /\$15 a month/],
  ['pro annual price', /\$150 a year/],
  ['What is the price of the Business plan?', /\$45 a month/],
  ['How much is business billed yearly?', /\$450 a year/],
  ['Is the free plan really free?', /\$0/],
  ['How many credits does the free plan give?', /25 credits/],
  ['credits on basic', /75 credits/],
  ['How many credits do I get with Professional each month?', /200 credits/],
  ['Business plan monthly credits', /750 credits/],
  ['Which output formats are on the free plan?', /SVG, PDF\b/],
  ['Can I export EPS on the free plan?', /EPS (and DXF )?(on|from) the Basic/],
  ['Does Basic include DXF?', /SVG, PDF, EPS, DXF/],
  ['What is the maximum file size on Free?', /10 MB/],
  ['max upload size for pro', /25 MB/],
  ['Biggest file I can upload on Business?', /50 MB/],
  ['Basic file size limit', /15 MB/],
  ['How long are files kept on the free plan?', /24 hours/],
  ['How long does Pro keep my converted files?', /7 days/],
  ['Business file retention', /30 days/],
  ['How long are results stored on Basic?', /72 hours/],
  ['How many images can I put in one batch on Pro?', /50 images/],
  ['Batch size on the free plan', /5 images/],
  ['How many images per batch on Business?', /100 images/],
  ['Which plan has API access?', /Business/, /API/],
  ['Can I use the API on the Pro plan?', /No API access \(Business plan only\)/],
  [
    'Can I get a DXF file for laser cutting?',
    /DXF/,
    /laser/i,
    /DXF is included from the Basic plan/,
  ],
  ['What tracing modes are there?', /precision/, /fast/],
  ['Why are there white seams between shapes in my trace?', /boundary .*once|shared edges/i],
  ['Does it keep transparent backgrounds?', /transparen/i],
  ['What is the difference between economy and standard?', /0\.6/, /40%/],
  ['How do I cancel my subscription?', /Cancel at period end/, /\/account/],
  ['Do I get a refund after a failed conversion?', /refunded/],
  ['How much does an economy conversion cost?', /0\.6/],
  ['How many team members can use the Business plan?', /3 users/],
  ['Which image formats can I upload?', /JPG/, /PNG/, /GIF/, /BMP/],
  ['How do I vectorize a PNG?', /drop|upload/i],
  ['Does the Pro plan show ads?', /No ads/],
  ['How do I create an API key?', /developer/i],
  ['How many conversions do I get free each month?', /25/],
  ['Do large files cost more credits?', /megapixels/, /0\.2/],
  ['What does error 402 mean in the API?', /Not enough credits/],
  ['Can I make cut files for my Cricut?', /Cricut/],
  ['Which engine does economy use?', /fast/],
  ['Can I save my results to Dropbox?', /Dropbox/, /Basic/],
  ['Does the free plan save to Google Drive?', /No saving to Google Drive/, /Basic plan/],
];

describe('the assistant on the embedded default (retrieval only)', () => {
  it(`answers at least 90% of ${CASES.length} realistic questions with the right facts and a link`, async () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    const wrong: string[] = [];
    for (const [question, ...facts] of CASES) {
      const res = await postJson(s.app, '/api/chat/message', {
        session_id: session,
        message: question,
      });
      expect(res.statusCode, question).toBe(200);
      const body = res.json() as { response: string; links: { href: string }[]; source: string };
      expect(body.source).toBe('retrieval');
      const missing = facts.filter((f) => !f.test(body.response));
      if (
        missing.length > 0 ||
        body.links.length === 0 ||
        !body.links.every((l) => l.href.startsWith('/'))
      )
        wrong.push(`${question}\n  missing ${missing.join(', ')}\n  got: ${body.response}`);
    }
    if (wrong.length) console.log(`Wrong answers (${wrong.length}):\n${wrong.join('\n')}`);
    expect(1 - wrong.length / CASES.length).toBeGreaterThanOrEqual(0.9);
  });

  it('says so, and names where to ask a person, when the documentation has no answer', async () => {
    const res = await postJson(s.app, '/api/chat/message', {
      session_id: session,
      message: 'Qwertyuiop zxcvbnm asdfghjkl?',
    });
    const body = res.json();
    expect(body.response).toMatch(/could not find/);
    expect(body.response).toContain('support@tracery.app');
    expect(body.links.map((l: { href: string }) => l.href)).toContain('/contact');
    const stored = await s.ctx.db
      .selectFrom('chat_messages')
      .select('source')
      .where('session_id', '=', session)
      .where('role', '=', 'assistant')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.source).toBe('none');
  });
});
