import { cn } from '@/lib/cn';

/** A seller's uploaded logo, whole inside its square (the profile form and the seller page). */
export function SellerLogo({ src, alt, size, className }: { src: string; alt: string; size: number; className: string }) {
  return <img src={src} alt={alt} width={size} height={size} className={cn('border border-slate-200 object-contain', className)} />;
}
