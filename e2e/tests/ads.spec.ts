import { expect, test, type Page } from '@playwright/test';
import { signUpAt } from './helpers.js';

const NETWORK = 'https://pagead2.googlesyndication.com/**';

/** Stands in for AdSense's script: each push fills the next unfilled unit, as the real one does. */
const FAKE_ADSENSE = `
  (() => {
    const fill = () => {
      for (const ins of document.querySelectorAll('ins.adsbygoogle:not([data-adsbygoogle-status])')) {
        ins.setAttribute('data-adsbygoogle-status', 'done');
        ins.textContent = 'Partner ad ' + ins.getAttribute('data-ad-slot');
        return;
      }
    };
    const queued = window.adsbygoogle || [];
    window.adsbygoogle = { push: fill };
    queued.forEach(fill);
  })();`;

async function answerForTheNetwork(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.route(NETWORK, (route) => {
    requests.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: FAKE_ADSENSE });
  });
  return requests;
}

test('partner ads load only after the visitor agrees, can be taken back, and never show on payment pages', async ({
  page,
}) => {
  const requests = await answerForTheNetwork(page);
  await page.goto('/pricing');
  const header = page.getByTestId('ad-header');
  await expect(header.getByRole('button', { name: 'Allow partner ads' })).toBeVisible();
  await expect(page.getByTestId('ad-footer')).toContainText('Convert without ads');
  expect(requests).toEqual([]);

  await header.getByRole('button', { name: 'Allow partner ads' }).click();
  await expect(header).toContainText('Partner ad 1111111111');
  await expect(page.getByTestId('ad-footer')).toContainText('Partner ad 2222222222');
  expect(requests[0]).toContain('client=ca-pub-1234567890123456');

  // The answer is remembered, and can be taken back.
  await page.reload();
  await expect(header).toContainText('Partner ad 1111111111');
  await header.getByRole('button', { name: 'Ad choices' }).click();
  await header.getByRole('button', { name: 'Our ads only' }).click();
  await expect(header).toContainText('Convert without ads');

  await page.goto('/payment/collect-email');
  await expect(page.getByText('Advertisement')).toHaveCount(0);
});

test('a visitor who says no sees only house ads and the network is never asked', async ({
  page,
}) => {
  const requests = await answerForTheNetwork(page);
  await page.goto('/');
  await page.getByTestId('ad-header').getByRole('button', { name: 'Our ads only' }).click();
  await signUpAt(page, '/convert');
  await expect(page.getByTestId('ad-header')).toContainText('Convert without ads');
  await expect(page.getByTestId('ad-sidebar')).toContainText('Convert without ads');
  expect(requests).toEqual([]);
});
