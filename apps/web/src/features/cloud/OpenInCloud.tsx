/** The link to a saved file or folder on the drive, in a new tab. */
export function OpenInCloud({ href, provider }: { href: string; provider: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-semibold text-brand underline"
    >
      Open in {provider}
    </a>
  );
}
