import { Link } from 'react-router';
import { sellerPath } from './listing-link';

/** Issue 15: the seller's public name (never their email), linking to their page. */
export function SellerLink({ sellerId, name, className }: { sellerId: string; name: string; className: string }) {
  return (
    <Link to={sellerPath(sellerId)} className={className}>
      {name}
    </Link>
  );
}
