import { useState } from 'react';

/**
 * Whether the panel `panelId` is shown, and the props of the button that shows and hides it
 * (its ARIA state included).
 */
export function useDisclosure(panelId: string) {
  const [open, setOpen] = useState(false);
  const toggleProps = {
    type: 'button',
    'aria-expanded': open,
    'aria-controls': panelId,
    onClick: () => setOpen((o) => !o),
  } as const;
  return { open, setOpen, toggleProps };
}
