import type { ReactNode } from 'react';
import { INPUT_CLASS } from './TextField';

/** A labelled <select>; `children` are its options. */
export function SelectField<T extends string>({
  id,
  label,
  value,
  onValue,
  selectClass = INPUT_CLASS,
  children,
}: {
  id: string;
  label: ReactNode;
  value: T;
  onValue(value: T): void;
  selectClass?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onValue(e.target.value as T)}
        className={selectClass}
      >
        {children}
      </select>
    </div>
  );
}
