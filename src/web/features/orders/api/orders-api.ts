import { commerceApi } from '../../../../shared/api/commerce';
import type { Order, Transaction } from '../../../../shared/contracts/commerce';
import type { TransactionStatus } from '../../../../shared/contracts/commerce-rules';
import { MESSAGES } from '../../../../shared/messages';
import { ApiError, type ApiClient } from '../../../lib/api-client';

// The purchases' and sales' reads for loaders (`serverApi(context)`), and how their URLs carry
// page, sort and filter (plain links: every state of the lists has an address). A list that fails
// to load comes back empty with SPEC §8's 'Error loading orders' so the page still renders.

export const ORDERS_PER_PAGE = 10;

/** SPEC §4: the order sort flips between 1 (oldest first) and -1 (newest first, the default). */
export type SortDirection = 1 | -1;

export function sortFrom(url: URL): SortDirection {
  return url.searchParams.get('sort') === '1' ? 1 : -1;
}

export function pageFrom(url: URL): number {
  const n = Number(url.searchParams.get('page'));
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

/** `url` with `sort` flipped (and back to page 1: the first page of the other end). */
export function flippedSortHref(url: URL | string, sort: SortDirection): string {
  const u = new URL(url, 'http://x');
  u.searchParams.delete('page');
  if (sort === -1) u.searchParams.set('sort', '1');
  else u.searchParams.delete('sort');
  const search = u.searchParams.toString();
  return `${u.pathname}${search ? `?${search}` : ''}`;
}

/** The filter tabs of /sales (`?show=`), To ship first: it is the seller's work list. */
export const SALE_TABS = [
  { id: 'to-ship', label: 'To ship', status: 'paid' },
  { id: 'shipped', label: 'Shipped', status: 'shipped' },
  { id: 'cancelled', label: 'Cancelled', status: 'cancelled' },
  { id: 'all', label: 'All', status: undefined },
] as const satisfies readonly { id: string; label: string; status?: TransactionStatus }[];
export type SaleTab = (typeof SALE_TABS)[number];

export function saleTabFrom(url: URL): SaleTab {
  return SALE_TABS.find((t) => t.id === url.searchParams.get('show')) ?? SALE_TABS[0];
}

interface ListState {
  recordsCount: number;
  page: number;
  limit: number;
  sort: SortDirection;
  error: string | null;
}
export interface OrdersState extends ListState {
  orders: Order[];
}
export interface SalesState extends ListState {
  transactions: Transaction[];
}

/** /orders: my purchases, a page at a time. */
export async function loadOrders(client: ApiClient, url: URL): Promise<OrdersState> {
  const base = { page: pageFrom(url), limit: ORDERS_PER_PAGE, sort: sortFrom(url) };
  try {
    const answer = await client.call(commerceApi.orders, { query: base });
    if (!('orders' in answer)) throw new Error('expected a list of orders');
    return { ...answer, ...base, error: null };
  } catch {
    return { orders: [], recordsCount: 0, ...base, error: MESSAGES.errorLoadingOrders };
  }
}

/** /sales: my sales in the tab's status, a page at a time. */
export async function loadSales(client: ApiClient, url: URL): Promise<SalesState> {
  const base = { page: pageFrom(url), limit: ORDERS_PER_PAGE, sort: sortFrom(url) };
  const { status } = saleTabFrom(url);
  try {
    const answer = await client.call(commerceApi.transactions, {
      query: { ...base, ...(status ? { status } : {}) },
    });
    if (!('transactions' in answer)) throw new Error('expected a list of sales');
    return { ...answer, ...base, error: null };
  } catch {
    return { transactions: [], recordsCount: 0, ...base, error: MESSAGES.errorLoadingOrders };
  }
}

/** /sales/:id: one of my sales; null when it is not mine or does not exist (the page's 404). */
export async function loadSale(client: ApiClient, id: string): Promise<Transaction | null> {
  try {
    const answer = await client.call(commerceApi.transactions, { query: { id } });
    if (!('transaction' in answer)) throw new Error('expected one sale');
    return answer.transaction;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}
