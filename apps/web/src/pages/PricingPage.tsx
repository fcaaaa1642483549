import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { planFromRouteSlug, planOf } from '@tracery/contracts';
import { toast } from 'sonner';
import { Page, Section } from '../components/Page';
import { PlanSelector } from '../features/pricing/PlanSelector';
import { Faq } from '../features/home/Faq';
import { useAuth } from '../features/auth/useAuth';
import { useStructuredData } from '../lib/useStructuredData';
import { PAYMENT_MESSAGES } from '@tracery/contracts';

export default function PricingPage() {
  const { plan: slug } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { user, openAuthDialog } = useAuth();
  const planId = slug ? planFromRouteSlug(slug) : undefined;
  const highlight = planId ? planOf(planId).base : 'professional';
  const cancelledShown = useRef(false);

  useStructuredData({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Tracery',
    description:
      'Online raster-to-vector conversion: JPG, PNG, GIF and BMP to SVG, PDF, EPS and DXF.',
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: 'USD',
      lowPrice: 15,
      highPrice: 45,
      offerCount: 3,
    },
  });

  useEffect(() => {
    if (params.get('payment') !== 'cancelled' || cancelledShown.current) return;
    cancelledShown.current = true;
    toast.info(PAYMENT_MESSAGES.paymentCancelled);
    setParams({}, { replace: true });
  }, [params, setParams]);

  return (
    <Page
      wide
      title={planId ? `${planOf(planId).name} plan` : 'Plans and pricing'}
      metaTitle="Pricing: plans from free to business"
      lead="Every plan converts JPG, PNG, GIF and BMP. Standard conversions cost 1 credit, economy 0.6."
    >
      <h2 className="sr-only">Choose your plan</h2>
      <PlanSelector
        highlight={highlight}
        onFreePlan={() => (user ? navigate('/convert') : openAuthDialog('signup'))}
      />
      <p className="mt-6 text-center text-sm text-muted">
        Need more than 750 conversions a month, custom retention or an invoice? Enterprise plans are
        arranged individually through the{' '}
        <Link to="/contact" className="font-semibold text-brand underline">
          contact page
        </Link>
        .
      </p>
      <div className="mx-auto mt-12 max-w-3xl">
        <Section title="Pricing questions">
          <Faq
            entries={[
              {
                question: 'What is a credit?',
                answer:
                  'One standard conversion of an image up to 5 MB costs 1 credit; economy costs 0.6. Files above 5 MB cost 0.2 credits more per further 5 MB, at most double. The converter shows the cost before you convert, and a failed conversion is refunded automatically.',
              },
              {
                question: 'Can I pay without creating an account first?',
                answer:
                  'Yes. Quick Subscribe takes you to checkout as a guest; after paying you choose the email and password of your new account, and the plan is already active on it.',
              },
              {
                question: 'What does annual billing cost?',
                answer:
                  'Annual plans cost ten months of the monthly price and grant the same monthly credits, so two months are free.',
              },
              {
                question: 'Which payment methods are accepted?',
                answer:
                  'Credit and debit cards through our card processor, and PayPal for the Basic, Pro and Business plans. Prices are in US dollars.',
              },
            ]}
          />
        </Section>
      </div>
    </Page>
  );
}
