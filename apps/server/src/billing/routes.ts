import {
  AuthResponse,
  CheckoutResponse,
  CreateCheckoutBody,
  GuestAttachedResponse,
  GuestClaimBody,
  GuestClaimPreview,
  GuestClaimPreviewBody,
  GuestCollectEmailBody,
  GuestCollectEmailResponse,
  GuestCompleteBody,
  GuestVerifyBody,
  HandleSuccessBody,
  PAYMENT_MESSAGES,
  PaymentConfig,
  PaymentResult,
  PayPalCaptureBody,
  PayPalCreateOrderBody,
  PayPalOrderResponse,
  SubscriptionResponse,
} from '@tracery/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { userOf } from '../auth/guard.js';
import { startSession } from '../auth/session.js';
import type { UserRow } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { featureRoutes } from '../http/feature-routes.js';
import { DomainError } from '../errors.js';
import { errorResponses } from '../http/openapi.js';
import { GuestCheckout, ATTACHED_DETAIL } from './guest.js';
import { localRoutes } from './local-routes.js';
import { mailOutbox } from './outbox.js';
import type { Flow } from './providers/types.js';
import { createBilling } from './service.js';
import { webhookRoutes } from './webhook-routes.js';

/** The payment calls of the description (§7) under /api/payment, plus webhooks and guest links. */
export function billingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return featureRoutes(ctx, 'payment', async (app, route) => {
    const billing = createBilling(ctx, app.log);
    const guest = new GuestCheckout(ctx, billing.fulfilment, mailOutbox(ctx.mail));
    // Every absolute URL comes from configuration, never from Host, Origin or X-Forwarded-Host.
    const baseUrl = ctx.config.publicUrl;

    /**
     * Redirect targets must be pages of this site (no open redirects through checkout): a path,
     * resolved against PUBLIC_URL, or an absolute URL on PUBLIC_URL's origin; anything else is 422.
     */
    const ownUrl = (value: string, field: string): string => {
      const isPath = value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
      let url: URL;
      try {
        url = new URL(value.replace(/\{CHECKOUT_SESSION_ID\}/g, 'x'), `${baseUrl}/`);
      } catch {
        throw new DomainError('VALIDATION_FAILED', `${field} must be an address on this site`);
      }
      if (url.origin !== baseUrl || (!isPath && !/^https?:\/\//i.test(value)))
        throw new DomainError('VALIDATION_FAILED', `${field} must be an address on this site`);
      return isPath ? `${baseUrl}${value}` : value;
    };

    /** A card checkout, for a signed-in user or (null) a guest. */
    const startCheckout = (user: UserRow | null, body: z.infer<typeof CreateCheckoutBody>) =>
      billing.checkout.startCheckout({
        user,
        planId: body.plan_id,
        successUrl: ownUrl(body.success_url, 'success_url'),
        cancelUrl: ownUrl(body.cancel_url, 'cancel_url'),
        baseUrl,
      });

    // A missing token is answered with the description's own sign-in messages (§5).
    const signInToSubscribe = route.userWithMessage(PAYMENT_MESSAGES.signInToSubscribe);
    const signInToSubscribeOrGuest = route.userWithMessage(
      PAYMENT_MESSAGES.signInToSubscribeOrGuest,
    );

    /** Activates the subscription of a paid checkout or order, named by the body's `idField`. */
    const confirmRoute = <K extends string>(
      path: string,
      summary: string,
      body: z.ZodType<Record<K, string>>,
      idField: K,
      flow: Flow,
    ) =>
      app.post(
        path,
        signInToSubscribe(summary, {
          body,
          response: { 200: PaymentResult, ...errorResponses(402, 404, 409, 502, 503) },
        }),
        async (request) => {
          const paymentId = (request.body as Record<K, string>)[idField];
          return billing.fulfilment.confirm(paymentId, userOf(request), flow);
        },
      );

    app.get(
      '/config',
      route.open('Which providers are active, the PayPal client id and hosted buttons per plan', {
        response: { 200: PaymentConfig },
      }),
      async () => billing.checkout.paymentConfig(),
    );

    app.get(
      '/subscription',
      route.user("The signed-in user's plan and subscription", {
        response: { 200: SubscriptionResponse },
      }),
      async (request) => billing.subscriptions.subscription(userOf(request)),
    );

    app.post(
      '/create-checkout',
      signInToSubscribeOrGuest('Start a card checkout for a paid plan (signed in)', {
        body: CreateCheckoutBody,
        response: { 200: CheckoutResponse, ...errorResponses(400, 422, 502, 503) },
      }),
      async (request) => startCheckout(userOf(request), request.body),
    );

    app.post(
      '/create-guest-checkout',
      route.open('Start a card checkout without an account (the account is made after paying)', {
        body: CreateCheckoutBody,
        response: { 200: CheckoutResponse, ...errorResponses(400, 422, 502, 503) },
      }),
      async (request) => startCheckout(null, request.body),
    );

    confirmRoute(
      '/handle-success',
      'Activate the subscription of a paid card checkout (re-checked with the provider)',
      HandleSuccessBody,
      'session_id',
      'checkout',
    );

    app.post(
      '/paypal/create-order',
      signInToSubscribe(
        'Create a PayPal order for basic, professional or business (monthly or annual)',
        {
          body: PayPalCreateOrderBody,
          response: { 200: PayPalOrderResponse, ...errorResponses(400, 422, 502, 503) },
        },
      ),
      async (request) => {
        const user = userOf(request);
        const { plan_id, return_url, cancel_url } = request.body;
        return billing.checkout.startOrder({
          user,
          planId: plan_id,
          returnUrl: ownUrl(return_url, 'return_url'),
          cancelUrl: ownUrl(cancel_url, 'cancel_url'),
          baseUrl,
        });
      },
    );

    // A hosted order's plan comes from what PayPal charged; a plan_id sent along is ignored.
    confirmRoute(
      '/paypal/capture',
      'Capture an approved PayPal order and activate the subscription',
      PayPalCaptureBody,
      'order_id',
      'order',
    );

    app.post(
      '/cancel',
      route.user('Cancel the subscription at the end of the paid period', {
        response: { 200: SubscriptionResponse, ...errorResponses(404, 502) },
      }),
      async (request) => billing.subscriptions.cancel(userOf(request)),
    );

    app.post(
      '/guest/collect-email',
      route.open('Guest buyer: name the account; a single-use link is sent to the payer email', {
        body: GuestCollectEmailBody,
        response: {
          200: GuestCollectEmailResponse,
          ...errorResponses(402, 404, 409, 422, 502),
        },
      }),
      async (request) => guest.collectEmail(request.body, baseUrl),
    );

    app.post(
      '/guest/verify',
      route.open("Guest buyer: the link's token and a password create the account (signed in)", {
        body: GuestVerifyBody,
        response: { 201: AuthResponse, ...errorResponses(409, 410, 422) },
      }),
      async (request, reply) => {
        const user = await guest.verify(request.body, baseUrl);
        return reply.status(201).send(await startSession(ctx, reply, user));
      },
    );

    app.post(
      '/guest/complete',
      route.open(
        'Guest buyer: create the account at once; an existing account only gets the purchase',
        {
          body: GuestCompleteBody,
          response: {
            200: GuestAttachedResponse,
            201: AuthResponse,
            ...errorResponses(402, 404, 409, 422, 502),
          },
        },
      ),
      async (request, reply) => {
        const result = await guest.complete(request.body, baseUrl);
        if (result.kind === 'attached')
          return reply.status(200).send({ attached: true as const, detail: ATTACHED_DETAIL });
        return reply.status(201).send(await startSession(ctx, reply, result.user));
      },
    );

    app.post(
      '/guest/claim/preview',
      route.user(
        'The owner sees what claiming a guest purchase would change (the confirmation screen)',
        {
          body: GuestClaimPreviewBody,
          response: { 200: GuestClaimPreview, ...errorResponses(403, 404, 410) },
        },
      ),
      async (request) => guest.preview(request.body.token, userOf(request)),
    );

    app.post(
      '/guest/claim',
      route.user(
        "The account owner claims a guest purchase made with the account's email (confirm: true to replace an active plan)",
        {
          body: GuestClaimBody,
          response: { 200: PaymentResult, ...errorResponses(403, 404, 409, 410) },
        },
      ),
      async (request) => guest.claim(request.body.token, userOf(request), request.body.confirm),
    );

    await app.register(webhookRoutes(billing), { prefix: '/webhook' });
    await app.register(localRoutes(ctx, billing), { prefix: '/local' });
  });
}
