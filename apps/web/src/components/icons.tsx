import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Icon({ size = 20, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

/** An icon drawn by its paths alone. */
const pathIcon = (...paths: string[]) =>
  function PathIcon(p: IconProps) {
    return (
      <Icon {...p}>
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </Icon>
    );
  };

export const CloseIcon = pathIcon('M18 6 6 18M6 6l12 12');
export const MenuIcon = pathIcon('M4 6h16M4 12h16M4 18h16');
export const ChevronDownIcon = pathIcon('m6 9 6 6 6-6');
export const UploadIcon = pathIcon('M12 16V4M7 9l5-5 5 5M4 20h16');
export const DownloadIcon = pathIcon('M12 4v12M7 11l5 5 5-5M4 20h16');
export const CameraIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
    <circle cx="12" cy="13" r="3.5" />
  </Icon>
);
export const CheckIcon = pathIcon('m5 12 5 5 9-10');
export const AlertIcon = pathIcon('M12 3 2 20h20L12 3z', 'M12 10v4M12 17h.01');
export const SpinnerIcon = ({ className = '', ...p }: IconProps) => (
  <Icon className={`animate-spin ${className}`} {...p}>
    <path d="M12 3a9 9 0 1 0 9 9" />
  </Icon>
);
export const ChatIcon = pathIcon('M4 5h16v11H9l-5 4z');
export const AccessibilityIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="4.5" r="1.8" />
    <path d="M5 8.5l7 1.5 7-1.5M12 10v5l-3 6M12 15l3 6" />
  </Icon>
);
export const SparkIcon = pathIcon(
  'M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6',
);
export const LayersIcon = pathIcon('m12 3 9 5-9 5-9-5 9-5z', 'm3 13 9 5 9-5');
export const CodeIcon = pathIcon('m8 8-4 4 4 4M16 8l4 4-4 4M14 5l-4 14');
export const CloudIcon = pathIcon('M7 18h10a4 4 0 0 0 .5-8 6 6 0 0 0-11.5 1.5A3.5 3.5 0 0 0 7 18z');
export const ShieldIcon = pathIcon('M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6l-8-3z');
export const BoltIcon = pathIcon('M13 2 4 14h7l-1 8 9-12h-7l1-8z');
export const BookIcon = pathIcon(
  'M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2V5z',
  'M4 19a2 2 0 0 1 2-2h14',
);
export const SendIcon = pathIcon('M4 12 20 4l-6 16-2-7-8-1z');
