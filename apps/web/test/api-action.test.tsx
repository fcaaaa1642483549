import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { ApiError } from '../src/lib/api';
import { useApiAction, useApiActions } from '../src/lib/useApiAction';

/** A call the test settles by hand. */
function pending() {
  let settle!: (error?: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    settle = (error) => (error ? reject(error) : resolve());
  });
  return { promise, settle };
}

function Single({ call }: { call: () => Promise<void> }) {
  const { busy, run } = useApiAction();
  return (
    <button type="button" disabled={busy} onClick={() => void run('The call failed', call)}>
      {busy ? 'Busy' : 'Idle'}
    </button>
  );
}

describe('useApiAction', () => {
  it('is busy while the call runs and idle after it succeeds, with no toast', async () => {
    const call = pending();
    render(
      <>
        <Toaster />
        <Single call={() => call.promise} />
      </>,
    );
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button')).toHaveTextContent('Busy');
    expect(screen.getByRole('button')).toBeDisabled();
    await act(async () => call.settle());
    expect(screen.getByRole('button')).toHaveTextContent('Idle');
    expect(screen.queryByText('The call failed')).toBeNull();
  });

  it("toasts the server's detail when there is one, else the fallback, and is idle again", async () => {
    const failures = [new ApiError(409, 'The key is already revoked'), new Error('socket hang up')];
    render(
      <>
        <Toaster />
        <Single call={() => Promise.reject(failures.shift())} />
      </>,
    );
    await act(async () => screen.getByRole('button').click());
    expect(await screen.findByText('The key is already revoked')).toBeInTheDocument();
    expect(screen.getByRole('button')).toHaveTextContent('Idle');
    await act(async () => screen.getByRole('button').click());
    expect(await screen.findByText('The call failed')).toBeInTheDocument();
    expect(screen.queryByText('socket hang up')).toBeNull();
  });
});

function Keyed({ calls }: { calls: Record<string, () => Promise<void>> }) {
  const { busy, run } = useApiActions<string>();
  return (
    <>
      <output>{busy ?? 'none'}</output>
      {Object.entries(calls).map(([key, call]) => (
        <button key={key} type="button" onClick={() => void run(key, `${key} failed`, call)}>
          {key}
        </button>
      ))}
    </>
  );
}

describe('useApiActions', () => {
  it('names the running call by its key, and none once it settles', async () => {
    const a = pending();
    render(<Keyed calls={{ a: () => a.promise, b: () => Promise.resolve() }} />);
    expect(screen.getByRole('status')).toHaveTextContent('none');
    act(() => screen.getByRole('button', { name: 'a' }).click());
    expect(screen.getByRole('status')).toHaveTextContent('a');
    await act(async () => a.settle());
    expect(screen.getByRole('status')).toHaveTextContent('none');
  });
});
