import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { setPlan } from '../src/account/set-plan.js';
import { vectorKeyOf } from '../src/conversions/results.js';
import { ledgerSum } from '../src/credits/ledger.js';
import { sweep } from '../src/jobs/sweeper.js';
import { bearer, multipart, postJson, register, upload, startBatch } from './helpers/api.js';
import { me } from './helpers/billing.js';
import { convertDrawing, insertConversion } from './helpers/jobs.js';
import { drawing } from './helpers/images.js';
import { waitFor } from './helpers/wait.js';
import { useTestServer } from './helpers/server.js';

const s = useTestServer({ UPLOADS_PER_MINUTE: '100000' });

const get = (app: FastifyInstance, url: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url, headers });

describe('a finished result in every format the plan allows, without a new trace or charge', () => {
  it('writes the stored vector as PDF: the same bytes a PDF conversion gives, nothing charged', async () => {
    const { access_token, user } = await register(s.app);
    const png = await drawing('png', 80);
    const svg = (await upload(s.app, access_token, { name: 'logo.png', bytes: png })).json();
    const direct = (
      await upload(
        s.app,
        access_token,
        { name: 'logo.png', bytes: png },
        { output_format: 'pdf', quality_tier: 'standard' },
      )
    ).json();
    const balance = (await me(s.app, access_token)).credits_remaining;
    const ledger = await ledgerSum(s.ctx.db, user.id);

    const pdf = await get(s.app, `${svg.result_url}?format=pdf`, bearer(access_token));
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="logo.pdf"');
    const directPdf = await get(s.app, direct.result_url, bearer(access_token));
    expect(pdf.rawPayload.equals(directPdf.rawPayload)).toBe(true);

    const same = await get(s.app, `${svg.result_url}?format=svg`, bearer(access_token));
    const plain = await get(s.app, svg.result_url, bearer(access_token));
    expect(same.body).toBe(plain.body);
    expect((await me(s.app, access_token)).credits_remaining).toBe(balance);
    expect(await ledgerSum(s.ctx.db, user.id)).toBe(ledger);
  });

  it("refuses a format outside the plan, an unknown format and another account's result", async () => {
    const { access_token } = await register(s.app);
    const svg = (
      await upload(s.app, access_token, { name: 'a.png', bytes: await drawing() })
    ).json();
    const eps = await get(s.app, `${svg.result_url}?format=eps`, bearer(access_token));
    expect(eps.statusCode).toBe(403);
    expect(eps.json()).toMatchObject({ code: 'FORMAT_NOT_IN_PLAN' });
    expect(eps.json().detail).toContain('EPS');
    const png = await get(s.app, `${svg.result_url}?format=png`, bearer(access_token));
    expect(png.statusCode).toBe(422);
    expect(png.json().code).toBe('VALIDATION_FAILED');
    const other = await register(s.app);
    const stolen = await get(s.app, `${svg.result_url}?format=pdf`, bearer(other.access_token));
    expect(stolen.statusCode).toBe(404);
  });

  it('answers 409 for a conversion that has no result yet, in any format', async () => {
    const { access_token, user } = await register(s.app);
    const id = await insertConversion(s.ctx, user.id, { status: 'processing', storage_key: null });
    for (const query of ['', '?format=pdf']) {
      const res = await get(s.app, `/api/convert/${id}/download${query}`, bearer(access_token));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'CONFLICT',
        detail: 'This conversion has no result (status: processing)',
      });
    }
  });

  it('deletes the stored vector with the result when retention ends', async () => {
    const { access_token } = await register(s.app);
    const { result: svg, row } = await convertDrawing(s, access_token);
    expect(await s.ctx.files.get(vectorKeyOf(row.storage_key!))).not.toBeNull();
    await sweep(s.ctx, Date.parse(row.expires_at) + 1000);
    expect(await s.ctx.files.get(vectorKeyOf(row.storage_key!))).toBeNull();
    const gone = await get(s.app, `${svg.result_url}?format=pdf`, bearer(access_token));
    expect(gone.statusCode).toBe(410);
  });

  it('downloads a batch item and a developer job in another format', async () => {
    const account = await register(s.app);
    await setPlan(s.ctx.db, account.user.email, 'business');
    const png = await drawing('png', 72);
    const direct = (
      await upload(
        s.app,
        account.access_token,
        { name: 'b.png', bytes: png },
        { output_format: 'dxf', quality_tier: 'standard' },
      )
    ).json();
    const directDxf = await get(s.app, direct.result_url, bearer(account.access_token));
    const created = await startBatch(s.app, account.access_token, [{ name: 'b.png', bytes: png }]);
    expect(created.statusCode, created.body).toBe(202);
    const item = await waitFor(async () => {
      const view = (
        await get(s.app, `/api/batch/${created.json().batch_id}`, bearer(account.access_token))
      ).json();
      return view.items[0].status === 'completed' ? view.items[0] : undefined;
    });
    const dxf = await get(s.app, `${item.result_url}?format=dxf`, bearer(account.access_token));
    expect(dxf.statusCode, dxf.body).toBe(200);
    expect(dxf.headers['content-disposition']).toBe('attachment; filename="b.dxf"');
    expect(dxf.body).toBe(directDxf.body);

    const key = (
      await postJson(s.app, '/api/developer/keys', { name: 'ci' }, account.access_token)
    ).json().key as string;
    const job = multipart(
      { output_format: 'svg', quality_tier: 'standard' },
      { name: 'job.png', bytes: png },
    );
    const submitted = await s.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      payload: job.payload,
      headers: { ...job.headers, 'x-api-key': key },
    });
    expect(submitted.statusCode, submitted.body).toBe(202);
    const { job_id } = submitted.json();
    await waitFor(async () => {
      const view = (await get(s.app, `/api/v1/jobs/${job_id}`, { 'x-api-key': key })).json();
      return view.status === 'completed' ? view : undefined;
    });
    const pdf = await get(s.app, `/api/v1/jobs/${job_id}/result?format=pdf`, { 'x-api-key': key });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
