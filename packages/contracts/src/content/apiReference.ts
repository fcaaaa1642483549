export interface Endpoint {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  auth: boolean;
  summary: string;
  body?: string;
  returns: string;
}

export const API_GROUPS: { title: string; endpoints: Endpoint[] }[] = [
  {
    title: 'Authentication',
    endpoints: [
      {
        method: 'POST',
        path: '/api/auth/register',
        auth: false,
        summary: 'Create an account.',
        body: '{ "name", "email", "password" }',
        returns: '{ access_token, token_type, user }',
      },
      {
        method: 'POST',
        path: '/api/auth/login',
        auth: false,
        summary: 'Sign in with email and password.',
        body: '{ "email", "password" }',
        returns: '{ access_token, token_type, user }',
      },
      {
        method: 'POST',
        path: '/api/auth/google',
        auth: false,
        summary: 'Sign in with a Google ID token.',
        body: '{ "token" }',
        returns: '{ access_token, token_type, user }',
      },
      {
        method: 'GET',
        path: '/api/auth/me',
        auth: true,
        summary: 'The signed-in user, with plan and credits.',
        returns: 'User',
      },
      {
        method: 'POST',
        path: '/api/auth/refresh',
        auth: false,
        summary:
          'Browsers: trade the HttpOnly session cookie set at sign-in for a new access token (the cookie is rotated). Needs the header X-Requested-With: tracery.',
        returns: '{ access_token, token_type, user }; 204 without a cookie',
      },
      {
        method: 'POST',
        path: '/api/auth/logout',
        auth: true,
        summary: 'End the session: its access tokens and its session cookie.',
        returns: '204 No Content',
      },
    ],
  },
  {
    title: 'Conversions',
    endpoints: [
      {
        method: 'POST',
        path: '/api/convert/upload',
        auth: true,
        summary: 'Convert one image and wait for the result.',
        body: 'multipart/form-data: file, output_format (svg|pdf|eps|dxf), quality_tier (standard|economy), and optional engine options: mode (auto, color, bw, grayscale, photo, pixelart or centerline: line art as open strokes along the middle of its lines), colors (2-256) or palette (#rrggbb, …), detail (0-1), corner_threshold (degrees), speckle (pixels), stacking (stacked or cutout), print_width / print_height with units (px, pt, in, cm or mm), and for DXF dxf_curves (polyline or spline) and dxf_background (true or false). The same fields work on POST /api/batch and POST /api/v1/jobs; a wrong value gets 422 naming the field.',
        returns:
          '{ id, original_filename, output_format, result_url, engine_used, credits_cost, credits_remaining, quality_comparison, width, height, expires_at }',
      },
      {
        method: 'GET',
        path: '/api/convert/{id}/download?format=',
        auth: true,
        summary:
          'Download a result (the result_url of a conversion); with format=, in another format your plan allows, written from the stored vector at no charge.',
        returns: 'the vector file',
      },
      {
        method: 'GET',
        path: '/api/convert/history?page=1&page_size=20',
        auth: true,
        summary: 'Your conversions, newest first.',
        returns: '{ conversions[], total, page, page_size }',
      },
    ],
  },
  {
    title: 'Batches and jobs',
    endpoints: [
      {
        method: 'POST',
        path: '/api/batch',
        auth: true,
        summary:
          "Start a batch that runs on the server: up to your plan's batch size of images, as several file parts or one ZIP of images (unpacked on the server; a refused file is a failed item that costs nothing).",
        body: 'multipart/form-data: file (repeated, or one .zip), output_format, quality_tier and the same engine options as a single conversion',
        returns: '202 { batch_id, items[], credits_reserved }',
      },
      {
        method: 'GET',
        path: '/api/batch/{id}',
        auth: true,
        summary: 'A batch: its status and totals, and every item with its result or error.',
        returns: 'Batch',
      },
      {
        method: 'GET',
        path: '/api/batch/{id}/events',
        auth: true,
        summary: 'Progress as Server-Sent Events; send Last-Event-ID to resume.',
        returns: 'text/event-stream',
      },
      {
        method: 'GET',
        path: '/api/batch/{id}/zip',
        auth: true,
        summary: 'Every finished result of the batch as one ZIP, streamed.',
        returns: 'application/zip',
      },
      {
        method: 'POST',
        path: '/api/batch/{id}/cancel',
        auth: true,
        summary: 'Cancel what has not started; those items are refunded.',
        returns: 'Batch',
      },
      {
        method: 'POST',
        path: '/api/batch/{id}/items/{itemId}/retry',
        auth: true,
        summary: 'Run a failed item again (charged again; refunded if it fails again).',
        returns: 'Batch',
      },
      {
        method: 'POST',
        path: '/api/v1/jobs',
        auth: true,
        summary:
          'Submit a job with an API key and get 202 at once; poll its status or receive a signed webhook (webhook_url). Idempotency-Key returns the same job for the same key.',
        body: 'multipart/form-data: file (one or more), output_format, quality_tier, engine options, webhook_url',
        returns: '202 { job_id, status_url }',
      },
      {
        method: 'GET',
        path: '/api/v1/jobs/{id}/result',
        auth: true,
        summary: "The job's result: the file for one image, a ZIP for several.",
        returns: 'the vector file or application/zip',
      },
    ],
  },
  {
    title: 'API keys',
    endpoints: [
      {
        method: 'GET',
        path: '/api/developer/keys',
        auth: true,
        summary: 'Your API keys (never the secrets).',
        returns: '{ keys: [{ id, name, prefix, created_at, last_used_at }] }',
      },
      {
        method: 'POST',
        path: '/api/developer/keys',
        auth: true,
        summary: 'Create a key; the secret is in this answer only (Business plan).',
        body: '{ "name" }',
        returns: '{ id, name, prefix, created_at, key }',
      },
      {
        method: 'DELETE',
        path: '/api/developer/keys/{id}',
        auth: true,
        summary: 'Revoke a key; it stops working at once.',
        returns: '204 No Content',
      },
    ],
  },
  {
    title: 'Plans and payments',
    endpoints: [
      {
        method: 'GET',
        path: '/api/payment/config',
        auth: false,
        summary: 'Active payment providers and PayPal settings.',
        returns: '{ card_provider, paypal_provider, test_mode, paypal }',
      },
      {
        method: 'POST',
        path: '/api/payment/create-checkout',
        auth: true,
        summary: 'Start a card checkout for a plan.',
        body: '{ "plan_id", "success_url", "cancel_url" }',
        returns: '{ checkout_url, session_id }',
      },
      {
        method: 'POST',
        path: '/api/payment/handle-success',
        auth: true,
        summary: 'Activate the plan after the checkout returns.',
        body: '{ "session_id" }',
        returns: '{ success, plan_id }',
      },
      {
        method: 'POST',
        path: '/api/payment/paypal/create-order',
        auth: true,
        summary: 'Start a PayPal order (basic, professional, business and annual variants).',
        body: '{ "plan_id", "return_url", "cancel_url" }',
        returns: '{ order_id, approve_url, links }',
      },
      {
        method: 'POST',
        path: '/api/payment/paypal/capture',
        auth: true,
        summary: 'Capture an approved PayPal order.',
        body: '{ "order_id" }',
        returns: '{ success, plan_id }',
      },
      {
        method: 'GET',
        path: '/api/payment/subscription',
        auth: true,
        summary: 'Your plan and subscription.',
        returns: '{ plan_id, ads, subscription }',
      },
      {
        method: 'POST',
        path: '/api/payment/cancel',
        auth: true,
        summary: 'Cancel at the end of the paid period.',
        returns: '{ plan_id, ads, subscription }',
      },
    ],
  },
  {
    title: 'Chat assistant',
    endpoints: [
      {
        method: 'POST',
        path: '/api/chat/start',
        auth: false,
        summary: 'Open a chat session.',
        returns: '{ session_id, message, suggested_questions, quick_responses }',
      },
      {
        method: 'POST',
        path: '/api/chat/message',
        auth: false,
        summary:
          'Ask a question (at most 2000 characters); a bearer token adds your own account context (read only). Answers come from the documentation, with links to read more.',
        body: '{ "session_id", "message" }',
        returns: '{ response, timestamp, links[], source, handoff }',
      },
      {
        method: 'POST',
        path: '/api/chat/handoff',
        auth: false,
        summary:
          'Talk to a person: the conversation is emailed to support, who reply to your address (or your account address when signed in).',
        body: '{ "session_id", "email" }',
        returns: '{ response, timestamp }',
      },
    ],
  },
  {
    title: 'Credits and system',
    endpoints: [
      {
        method: 'GET',
        path: '/api/analytics/credit-optimization?file_size=&width=&height=&complexity=0.5&quality_tier=',
        auth: false,
        summary:
          "Cost of a conversion before you run it, with saving suggestions. The price follows the image's pixels: send its width and height (without them, the base rate is shown).",
        returns:
          '{ credit_cost, cost_details.cost_breakdown, optimization_suggestions.suggestions[] }',
      },
      {
        method: 'GET',
        path: '/api/analytics/usage?from=&to=',
        auth: true,
        summary:
          'Your conversions, completed, failed and credits per UTC day (default the last 30 days, at most 366), by format and by tier.',
        returns: '{ from, to, totals, by_day[], by_format, by_tier }',
      },
      {
        method: 'GET',
        path: '/api/system/health',
        auth: false,
        summary: 'Service, database, queue and engine status.',
        returns: '{ status, version, database, queue, engines[], upload_screening }',
      },
    ],
  },
];

/** What each HTTP status of the API means, as the developer page explains it. */
export const API_ERROR_STATUSES: [string, string][] = [
  ['400 / 422', 'The request or the image is malformed; detail says what is wrong.'],
  ['401', 'Missing, expired or revoked token.'],
  ['402', 'Not enough credits for this conversion.'],
  ['403', 'The output format is not in your plan; detail names the plan that includes it.'],
  ['413', 'The file is larger than your plan allows.'],
  ['415', 'The file is not a JPG, PNG, GIF or BMP image.'],
  ['429', 'Too many requests; retry after the Retry-After header.'],
];
