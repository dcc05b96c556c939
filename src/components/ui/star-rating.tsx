import { useId } from 'react';

const STAR_PATH = 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9z';

/** The spec's static rating row: four full stars and one half star. */
export function StarRating({ className = '' }: { className?: string }) {
  // Two ratings on one page must not share a gradient id.
  const halfId = useId();
  return (
    <div className={`flex items-center gap-0.5 text-amber-500 ${className}`} role="img" aria-label="Rated 4.5 out of 5">
      {[0, 1, 2, 3].map((i) => (
        <svg key={i} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" data-star="full">
          <path d={STAR_PATH} fill="currentColor" />
        </svg>
      ))}
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" data-star="half">
        <defs>
          <linearGradient id={halfId}>
            <stop offset="50%" stopColor="currentColor" />
            <stop offset="50%" stopColor="transparent" />
          </linearGradient>
        </defs>
        <path d={STAR_PATH} fill={`url(#${halfId})`} stroke="currentColor" strokeWidth="1.5" />
      </svg>
    </div>
  );
}
