import { formatCredits, planOf } from '@tracery/contracts';
import type { EmailContent } from './layout.js';
import { PRODUCT_NAME } from './layout.js';

/** The words of every account and billing email; links are built by the caller (Mailer.link). */
const ACCOUNT_FOOTER = `You received this email because of your ${PRODUCT_NAME} account. It is about your account, so it is sent whatever your notification settings.`;

export const verifyEmailMessage = (name: string, link: string): EmailContent => ({
  subject: `Confirm your email address for ${PRODUCT_NAME}`,
  heading: `Welcome to ${PRODUCT_NAME}, ${name}`,
  paragraphs: [
    'Please confirm that this is your email address. Your account works already; a confirmed address lets you invite team members and recover your account.',
    'The link works once and for 48 hours. If you did not create an account, ignore this email.',
  ],
  action: { label: 'Confirm my email address', url: link },
  footer: ACCOUNT_FOOTER,
});

export const passwordResetMessage = (link: string): EmailContent => ({
  subject: `Reset your ${PRODUCT_NAME} password`,
  heading: 'Choose a new password',
  paragraphs: [
    'Someone (we hope you) asked to reset the password of this account. Open the link to choose a new one; you will be signed out everywhere else.',
    'The link works once and for 1 hour. If you did not ask for it, ignore this email: your password stays as it is.',
  ],
  action: { label: 'Choose a new password', url: link },
  footer: ACCOUNT_FOOTER,
});

export const passwordChangedMessage = (): EmailContent => ({
  subject: `Your ${PRODUCT_NAME} password was changed`,
  heading: 'Your password was changed',
  paragraphs: [
    'The password of your account was just changed and every other session was signed out.',
    'If this was not you, reset your password at once from the sign-in dialog ("Forgot password?") and contact support.',
  ],
  footer: ACCOUNT_FOOTER,
});

export const teamInvitationMessage = (
  ownerName: string,
  link: string,
  expiresDays: number,
): EmailContent => ({
  subject: `${ownerName} invited you to their ${PRODUCT_NAME} team`,
  heading: `Join ${ownerName}'s team on ${PRODUCT_NAME}`,
  paragraphs: [
    `${ownerName} invited you to their ${PRODUCT_NAME} Business team. Members convert with the team's shared credits and Business plan limits.`,
    `Open the link and sign in (or create an account) with this email address. The link works once and for ${expiresDays} days.`,
  ],
  action: { label: 'Accept the invitation', url: link },
});

export const accountDeletedMessage = (): EmailContent => ({
  subject: `Your ${PRODUCT_NAME} account was deleted`,
  heading: 'Your account was deleted',
  paragraphs: [
    'As you asked, your account, its files and its personal data were deleted. An active subscription was cancelled.',
    'You can create a new account with this address at any time; it starts fresh.',
  ],
  footer: `You received this email because a ${PRODUCT_NAME} account with this address was deleted.`,
});

const money = (cents: number, currency: string) =>
  `${currency.toLowerCase() === 'usd' ? '$' : ''}${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
const day = (iso: string) => iso.slice(0, 10);

export interface ReceiptFacts {
  planId: string;
  amountCents: number;
  currency: string;
  periodStart: string;
  periodEnd: string;
  provider: string;
  reference: string;
  renewal: boolean;
}

export const receiptMessage = (r: ReceiptFacts, accountLink: string): EmailContent => {
  const plan = planOf(r.planId);
  return {
    subject: `Your ${PRODUCT_NAME} receipt: ${plan.name} plan, ${money(r.amountCents, r.currency)}`,
    heading: r.renewal ? 'Your plan was renewed' : 'Thank you for your payment',
    paragraphs: [
      `${money(r.amountCents, r.currency)} was paid for the ${plan.name} plan (${plan.billing === 'annual' ? 'billed yearly' : 'billed monthly'}). ${plan.monthlyCredits} credits a month are on your account.`,
    ],
    details: [
      ['Plan', plan.name],
      ['Amount', money(r.amountCents, r.currency)],
      ['Period', `${day(r.periodStart)} to ${day(r.periodEnd)}`],
      ['Paid with', r.provider === 'local' ? 'Test mode (no real money)' : r.provider],
      ['Reference', r.reference],
    ],
    action: { label: 'View your account', url: accountLink },
    footer: ACCOUNT_FOOTER,
  };
};

export const subscriptionNoticeMessage = (
  kind: 'cancelled' | 'expired' | 'renewal_failed',
  planId: string,
  periodEnd: string,
  link: string,
): EmailContent => {
  const plan = planOf(planId);
  const text = {
    cancelled: {
      subject: `Your ${PRODUCT_NAME} ${plan.name} plan will not renew`,
      heading: 'Your plan was cancelled',
      body: `Your ${plan.name} plan stays active until ${day(periodEnd)} and then moves to the Free plan. Credits you have stay on the account.`,
    },
    expired: {
      subject: `Your ${PRODUCT_NAME} ${plan.name} plan has ended`,
      heading: 'Your plan has ended',
      body: `Your ${plan.name} plan ended on ${day(periodEnd)}; the account is on the Free plan now. Credits you have stay on the account.`,
    },
    renewal_failed: {
      subject: `We could not renew your ${PRODUCT_NAME} ${plan.name} plan`,
      heading: 'Your payment did not go through',
      body: `The renewal payment for your ${plan.name} plan failed. Please update your payment method; without a payment the plan ends after ${day(periodEnd)}.`,
    },
  }[kind];
  return {
    subject: text.subject,
    heading: text.heading,
    paragraphs: [text.body],
    action: { label: 'Manage your plan', url: link },
    footer: ACCOUNT_FOOTER,
  };
};

export const lowCreditsMessage = (credits: number, link: string): EmailContent => ({
  subject: `You have ${formatCredits(credits)} left on ${PRODUCT_NAME}`,
  heading: 'You are running low on credits',
  paragraphs: [
    `Your balance is ${formatCredits(credits)}. New credits arrive with your next monthly grant, or at once with a larger plan.`,
    'We send this notice at most once per billing period.',
  ],
  action: { label: 'See plans', url: link },
  footer: `You received this email because of your ${PRODUCT_NAME} account. Notices like this one are sent at most once per period.`,
});
