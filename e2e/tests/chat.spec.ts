import { expect, test, type Page } from '@playwright/test';

/** Opens the assistant and sends it a question. */
async function openChatAndAsk(page: Page, question: string) {
  await page.getByRole('button', { name: 'Open chat assistant' }).click();
  const chat = page.getByTestId('chat-window');
  const input = chat.getByLabel('Message the assistant');
  await input.fill(question);
  await input.press('Enter');
  return chat;
}

test('a visitor asks the chat assistant two questions and follows its links', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open chat assistant' }).click();
  const chat = page.getByTestId('chat-window');
  await expect(chat).toBeVisible();
  await expect(chat.getByRole('listitem').first()).toContainText("I'm the Tracery assistant");

  const input = chat.getByLabel('Message the assistant');
  await input.fill('How much does the Pro plan cost per year?');
  await input.press('Enter');
  const first = chat.getByRole('listitem').filter({ hasText: 'Assistant:' }).nth(1);
  await expect(first).toContainText('$150 a year');
  await expect(first).toContainText('$15 a month');

  await input.fill('Can I get a DXF file for laser cutting?');
  await chat.getByRole('button', { name: 'Send message' }).click();
  const second = chat.getByRole('listitem').filter({ hasText: 'Assistant:' }).nth(2);
  await expect(second).toContainText('DXF');
  await page.screenshot({ path: process.env.CHAT_SCREENSHOT ?? 'test-results/chat.png' });

  // Every link opens a real page of the app (not the catch-all redirect to the home page).
  const links = chat.getByRole('link');
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThanOrEqual(2);
  for (const href of hrefs) expect(href).toMatch(/^\//);
  const target = hrefs.find((h) => h.startsWith('/pricing'))!;
  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[/]/g, '\\/')}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const laser = hrefs.find((h) => h !== target && h !== '/')!;
  await page.goto(laser);
  await expect(page).toHaveURL(new RegExp(`${laser.replace(/[/]/g, '\\/')}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('when the assistant has no answer, a visitor hands the conversation to a person', async ({
  page,
}) => {
  await page.goto('/pricing');
  const chat = await openChatAndAsk(page, 'Qwertyuiop zxcvbnm asdfghjkl?');
  await expect(chat).toContainText("I could not find that in Tracery's documentation");
  await chat.getByRole('button', { name: 'Talk to a person' }).click();
  await chat.getByLabel('Where should a person reply?').fill('visitor@example.org');
  await chat.getByRole('button', { name: 'Send to support' }).click();
  await expect(chat).toContainText('A person will reply to visitor@example.org by email');
});

test('a question typed before the greeting arrives keeps its place and is answered', async ({
  page,
}) => {
  // A slow start: the visitor asks before the session and greeting are back.
  await page.route('**/api/chat/start', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/');
  const chat = await openChatAndAsk(page, 'How long are my files kept?');
  const items = chat.getByRole('listitem');
  await expect(items.nth(0)).toContainText("I'm the Tracery assistant");
  await expect(items.nth(1)).toContainText('You: How long are my files kept?');
  await expect(items.nth(2)).toContainText('Assistant:');
  await expect(items).toHaveCount(3);
});
