import { isPlanId, planOf } from '@tracery/contracts';
import type { CheckoutRow } from './repository.js';

/**
 * The `local` provider's checkout page: server-rendered, self-contained (no scripts, no external
 * resources), accessible (labels, landmarks, high-contrast colours) and clearly marked as test mode.
 */
const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f5f7;color:#111827}
main{max-width:32rem;margin:3rem auto;padding:2rem;background:#fff;border:1px solid #d1d5db;border-radius:12px}
.banner{margin:0 0 1.5rem;padding:.75rem 1rem;background:#fff4d6;color:#5c3900;border:2px solid #8a5a00;border-radius:8px;font-weight:700}
h1{font-size:1.5rem;margin:0 0 .5rem}
.price{font-size:2rem;font-weight:700;margin:.5rem 0 1.5rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #4b5563;border-radius:6px;font-size:1rem;margin-bottom:1rem}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
button{font-size:1rem;padding:.7rem 1.2rem;border-radius:8px;cursor:pointer;font-weight:600}
.approve{background:#1d4ed8;color:#fff;border:2px solid #1d4ed8}
.cancel{background:#fff;color:#111827;border:2px solid #4b5563}
button:focus-visible,input:focus-visible{outline:3px solid #111827;outline-offset:2px}
.error{color:#991b1b;font-weight:600}
form{margin:0}
`;

export function localCheckoutPage(row: CheckoutRow, error?: string): string {
  const plan = isPlanId(row.plan_id) ? planOf(row.plan_id) : undefined;
  const name = plan
    ? `${plan.name} (${plan.billing === 'annual' ? 'annual' : 'monthly'})`
    : row.plan_id;
  const price = `$${(row.amount_cents / 100).toFixed(2)}`;
  const per = plan?.billing === 'annual' ? 'per year' : 'per month';
  const base = `/api/payment/local/checkout/${encodeURIComponent(row.id)}`;
  const kind = row.flow === 'order' ? 'PayPal (simulated)' : 'Card (simulated)';
  const email =
    row.guest === 1
      ? `<label for="email">Email for the receipt</label>
<input id="email" name="email" type="email" required autocomplete="email" maxlength="254">`
      : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout — Tracery</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="banner" role="note">Test mode — no real money. This is Tracery's built-in test payment page.</p>
<h1>Subscribe to Tracery ${escapeHtml(name)}</h1>
<p>Payment method: ${kind}</p>
<p class="price">${price} <span>${per}</span></p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<div class="actions">
<form method="post" action="${base}/approve">
${email}
<button class="approve" type="submit">Approve test payment</button>
</form>
<form method="post" action="${base}/cancel">
<button class="cancel" type="submit">Cancel</button>
</form>
</div>
</main>
</body>
</html>`;
}

export function localMessagePage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — Tracery</title><style>${STYLE}</style></head>
<body><main><p class="banner" role="note">Test mode — no real money.</p>
<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/pricing">Back to pricing</a></p></main></body></html>`;
}

/** Where the buyer goes after approving: the id in place of {CHECKOUT_SESSION_ID}, as Stripe does. */
export function successRedirect(row: CheckoutRow): string {
  if (row.flow === 'order') {
    const url = new URL(row.success_url);
    url.searchParams.set('token', row.id);
    url.searchParams.set('paypal_order_id', row.id);
    return url.toString();
  }
  if (row.success_url.includes('{CHECKOUT_SESSION_ID}'))
    return row.success_url.split('{CHECKOUT_SESSION_ID}').join(encodeURIComponent(row.id));
  const url = new URL(row.success_url);
  url.searchParams.set('session_id', row.id);
  return url.toString();
}
