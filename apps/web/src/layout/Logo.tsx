export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#4338ca" />
      <path
        d="M14 46 C22 14, 42 14, 50 46"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <circle cx="14" cy="46" r="5" fill="#fbbf24" />
      <circle cx="50" cy="46" r="5" fill="#fbbf24" />
    </svg>
  );
}
