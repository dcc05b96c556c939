import type { CardVariant } from './product-card';

/** Spec §9: lists and strips show 13 placeholder cards while loading. */
export const SKELETON_COUNT = 13;

export function ProductCardSkeleton({ variant, className = '' }: { variant: CardVariant; className?: string }) {
  const small = variant === 'small';
  return (
    <div className={`card flex overflow-hidden ${small ? 'h-40 flex-row' : 'flex-col'} ${className}`} aria-hidden="true" data-testid="product-card-skeleton">
      <div className={`skeleton rounded-none ${small ? 'h-full w-32' : 'aspect-[5/4] w-full'}`} />
      <div className={`flex flex-1 flex-col ${small ? 'gap-2 p-3' : 'gap-3 p-4'}`}>
        <div className="skeleton h-4 w-4/5" />
        <div className="skeleton h-3 w-1/3" />
        <div className="skeleton h-4 w-1/2" />
        <div className={`skeleton mt-auto rounded-full ${small ? 'h-8 w-20' : 'h-9 w-28'}`} />
      </div>
    </div>
  );
}

export function ProductCardSkeletons({ variant, itemClassName = '' }: { variant: CardVariant; itemClassName?: string }) {
  return (
    <>
      {Array.from({ length: SKELETON_COUNT }, (_, i) => (
        <ProductCardSkeleton key={i} variant={variant} className={itemClassName} />
      ))}
    </>
  );
}
