import { useContext } from 'react';
import { AccessibilityContext, type AccessibilityState } from './AccessibilityContext';

export function useAccessibility(): AccessibilityState {
  const ctx = useContext(AccessibilityContext);
  if (!ctx) throw new Error('useAccessibility must be used within an AccessibilityProvider');
  return ctx;
}
