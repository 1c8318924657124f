import type { ProductInput } from '../../src/shared/contracts/catalog';
import { productInput, type Product } from '../../src/shared/contracts/catalog';
import { saveProduct, type Actor } from '../../src/server/modules/catalog';
import type { TestApp } from '../helpers/app';

let sequence = 0;

/** A post for `owner`, saved through the module (published unless told otherwise). */
export async function createProduct(
  t: TestApp,
  owner: Actor,
  input: Partial<ProductInput> = {},
): Promise<Product> {
  sequence += 1;
  const parsed = productInput.parse({
    title: `Test post ${sequence}`,
    description: 'A thing worth buying.',
    price: 19.99,
    shippingCost: 4.5,
    stock: 3,
    ...input,
  });
  return saveProduct(t.moduleDeps(), owner, parsed);
}
