import { useNavigate } from 'react-router';
import { type User, planOf } from '@tracery/contracts';
import { Card, Page, Section } from '../components/Page';
import { RequireUser } from '../components/RequireUser';
import { useAuth } from '../features/auth/useAuth';
import { PlanSelector } from '../features/pricing/PlanSelector';
import { formatCredits } from '../features/convert/types';
import { SubscriptionCard } from '../features/pricing/SubscriptionCard';
import { VerifyEmailReminder } from '../features/account/VerifyEmailReminder';
import { TeamCard } from '../features/account/TeamCard';
import { DeleteAccountCard } from '../features/account/DeleteAccountCard';

export default function AccountPage() {
  return <RequireUser title="Your account">{(user) => <Account user={user} />}</RequireUser>;
}

function Account({ user }: { user: User }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const plan = planOf(user.plan_id);
  return (
    <Page wide title="Your account" metaTitle="Account">
      {!user.email_verified && <VerifyEmailReminder email={user.email} />}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <Card>
          <h2 className="font-semibold">Profile</h2>
          <dl className="mt-2 space-y-1 text-sm">
            <dt className="text-muted">Name</dt>
            <dd>{user.name}</dd>
            <dt className="text-muted">Email</dt>
            <dd>{user.email}</dd>
            <dt className="text-muted">Member since</dt>
            <dd>{new Date(user.created_at).toLocaleDateString()}</dd>
          </dl>
        </Card>
        <Card>
          <h2 className="font-semibold">Plan</h2>
          <p data-testid="account-plan" className="mt-2 text-2xl font-bold">
            {plan.name}
          </p>
          <p className="text-sm text-muted">
            {plan.billing === 'annual'
              ? 'Billed yearly'
              : plan.billing === 'monthly'
                ? 'Billed monthly'
                : 'No subscription'}
          </p>
          <p className="mt-2 text-sm">
            Downloads are kept{' '}
            {plan.retentionHours < 48
              ? `${plan.retentionHours} hours`
              : `${plan.retentionHours / 24} days`}
            .
          </p>
        </Card>
        <Card>
          <h2 className="font-semibold">Credits</h2>
          <p className="mt-2 text-2xl font-bold">{formatCredits(user.credits_remaining)}</p>
          <p className="text-sm text-muted">
            {plan.monthlyCredits} credits are granted each month.
          </p>
          <button
            type="button"
            onClick={() => void logout().then(() => navigate('/'))}
            className="mt-4 rounded-lg border border-line px-4 py-2 text-sm font-semibold"
          >
            Sign out of this device
          </button>
        </Card>
        <SubscriptionCard />
      </div>
      <Section title="Change plan">
        <PlanSelector
          highlight={plan.base === 'free' ? 'professional' : plan.base}
          allowGuest={false}
          onFreePlan={() => navigate('/convert')}
        />
      </Section>
      <Section title="Team">
        <TeamCard user={user} />
      </Section>
      <Section title="Delete account">
        <DeleteAccountCard />
      </Section>
    </Page>
  );
}
