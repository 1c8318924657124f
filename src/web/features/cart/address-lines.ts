import { COUNTRIES, type StoredAddress } from '../../../shared/contracts/commerce-rules';

/** An address as it is written on a parcel, one string per line (empty parts left out). */
export function addressLines(a: StoredAddress): string[] {
  const town = [a.city, [a.region, a.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [a.name, a.line1, a.line2, town, COUNTRIES[a.country] ?? a.country, a.phone].filter(
    (line) => line.trim() !== '',
  );
}
