export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="flex items-center gap-2 font-semibold">
      <svg viewBox="0 0 32 32" width={28} height={28} aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path d="M8 12v8M12 9v14M16 6v20M20 9v14M24 12v8" className="stroke-primary-contrast" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      {compact ? <span className="sr-only">Voxboard</span> : <span className="text-lg">Voxboard</span>}
    </span>
  );
}
