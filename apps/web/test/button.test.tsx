import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Button } from '../src/components/Button';

describe('Button', () => {
  it('is a plain button unless told otherwise, and passes its props on', () => {
    render(<Button aria-describedby="hint">Join the team</Button>);
    const button = screen.getByRole('button', { name: 'Join the team' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('aria-describedby', 'hint');
    expect(button).toBeEnabled();
    expect(button).toHaveClass('btn-primary', 'px-5', 'py-2.5');
  });

  it('while busy is disabled and named by its busy label', () => {
    render(
      <Button type="submit" busy busyLabel="Linking...">
        Link Google and sign in
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Linking...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('type', 'submit');
    expect(screen.queryByText('Link Google and sign in')).toBeNull();
  });

  it('draws each variant and size with its own classes', () => {
    render(
      <Button variant="danger" size="md">
        Delete my account for good
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete my account for good' });
    expect(button).toHaveClass('bg-red-700', 'text-white', 'px-4', 'py-2');
    expect(button).not.toHaveClass('btn-primary');
  });
});
