import { Link } from 'react-router';

/** What an empty cart says, and where to go next. */
export function EmptyCart() {
  return (
    <section className="list-empty" data-testid="cart-empty">
      <h2 className="text-lg font-semibold text-gray-900">Your cart is empty</h2>
      <p className="mt-2 text-gray-700">Add posts to your cart and they will wait for you here.</p>
      <Link to="/all-posts" className="btn btn-primary mt-6">
        Browse posts
      </Link>
    </section>
  );
}
