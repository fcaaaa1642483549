import type { Team } from '@tracery/contracts';
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type User, formatCredits, planOf } from '@tracery/contracts';
import { toast } from 'sonner';
import { TextField } from '../../components/TextField';
import { errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { fetchTeam, inviteMember, removeMember, revokeInvitation } from './accountApi';
import { Button } from '../../components/Button';

/** The account page's team: the owner invites, lists and removes; a member sees the team and leaves. */
export function TeamCard({ user }: { user: User }) {
  const { data, isError } = useQuery({ queryKey: queryKeys.team, queryFn: fetchTeam });
  const team = data?.team ?? null;
  const canOwn = planOf(user.plan_id).seats > 1;
  if (isError)
    return <p className="text-red-800 dark:text-red-300">Your team could not be loaded.</p>;
  if (!data) return null;
  if (team?.role === 'member') return <MemberView team={team} user={user} />;
  if (!canOwn && !team)
    return (
      <p className="text-sm text-muted">
        Teams of 3 (you and two colleagues sharing one credit pool) are part of the{' '}
        <Link to="/pricing/business" className="font-semibold text-brand underline">
          Business plan
        </Link>
        .
      </p>
    );
  return <OwnerView team={team} user={user} />;
}

function useRefreshTeam() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.team });
}

function OwnerView({ team, user }: { team: Team | null; user: User }) {
  const refresh = useRefreshTeam();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const seats = team?.seats ?? planOf(user.plan_id).seats;
  const used = team?.seats_used ?? 1;

  async function onInvite(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const invitation = await inviteMember(email.trim());
      toast.success(`Invitation sent to ${invitation.email}`);
      setEmail('');
      await refresh();
    } catch (err) {
      setError(errorMessage(err, 'The invitation could not be sent'));
    } finally {
      setBusy(false);
    }
  }

  async function act(run: () => Promise<void>, done: string) {
    try {
      await run();
      toast.success(done);
      await refresh();
    } catch (err) {
      toast.error(errorMessage(err, 'That did not work'));
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-sm">
        <strong>
          {used} of {seats} seats
        </strong>{' '}
        taken (you, members and open invitations). Members convert with the team&apos;s shared
        credits: {formatCredits(team?.credits_remaining ?? user.credits_remaining)} left.
      </p>
      {team && !team.active && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          Your plan no longer includes a team: members convert with their own credits until you
          renew the Business plan.
        </p>
      )}
      <ul className="divide-y divide-line rounded-lg border border-line" aria-label="Team members">
        <li className="flex items-center justify-between gap-3 p-3 text-sm">
          <span>
            {user.name} · {user.email}
          </span>
          <span className="text-muted">Owner</span>
        </li>
        {team?.members.map((m) => (
          <li
            key={m.user_id}
            className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm"
          >
            <span>
              {m.name} · {m.email}{' '}
              <span className="text-muted">· used {formatCredits(m.credits_used)}</span>
            </span>
            <button
              type="button"
              onClick={() => void act(() => removeMember(m.user_id), `${m.email} was removed`)}
              className="rounded-lg border border-line px-3 py-1 font-semibold"
            >
              Remove {m.name}
            </button>
          </li>
        ))}
        {team?.invitations.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
            <span>
              {i.email}{' '}
              <span className="text-muted">
                · invited, link valid until {new Date(i.expires_at).toLocaleDateString()}
              </span>
            </span>
            <button
              type="button"
              onClick={() =>
                void act(() => revokeInvitation(i.id), `Invitation to ${i.email} revoked`)
              }
              className="rounded-lg border border-line px-3 py-1 font-semibold"
            >
              Revoke invitation
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={onInvite} className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <TextField
            id="team-invite-email"
            label="Invite by email"
            type="email"
            required
            value={email}
            onValue={setEmail}
          />
        </div>
        <Button type="submit" size="md" busy={busy}>
          Send invitation
        </Button>
      </form>
      {error && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

function MemberView({ team, user }: { team: Team; user: User }) {
  const refresh = useRefreshTeam();
  async function leave() {
    try {
      await removeMember(user.id);
      toast.success(`You left ${team.owner.name}'s team`);
      await refresh();
    } catch (err) {
      toast.error(errorMessage(err, 'You could not leave the team'));
    }
  }
  return (
    <div className="space-y-3 text-sm">
      <p>
        You are on <strong>{team.owner.name}</strong>&apos;s team ({team.owner.email}).{' '}
        {team.active
          ? `Your conversions use the team's shared credits (${formatCredits(team.credits_remaining)} left) and its Business plan.`
          : "The team's Business plan has ended: you convert with your own credits meanwhile."}
      </p>
      <button
        type="button"
        onClick={() => void leave()}
        className="rounded-lg border border-line px-3 py-1.5 font-semibold"
      >
        Leave the team
      </button>
    </div>
  );
}
