import type { EntityManager } from 'typeorm';
import sharp from 'sharp';
import type { SaleOrderLineInput } from '../../../contracts/orders.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import type { ProductionOrderService } from '../production-order/production-order.service.js';
import type { SaleOrderCreateDto } from '../sale-order/sale-order.dto.js';
import type { SaleOrderService } from '../sale-order/sale-order.service.js';
import type { UploadService } from '../upload/upload.service.js';

const DAY = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

interface StyleRow {
  id: number;
  cost_price: string;
  sales_price: string;
  colors: number[];
  sizes: number[];
}

/** A scan of a paper production sheet, drawn for the demo (the real ones are photos). */
async function productionSheet(orderNo: string, styleName: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="640">
    <rect width="100%" height="100%" fill="#fbfaf6"/>
    <rect x="30" y="30" width="840" height="580" fill="none" stroke="#6b6b6b" stroke-width="2"/>
    <text x="60" y="95" font-size="38" font-family="sans-serif" fill="#222">生产单 Production sheet</text>
    <text x="60" y="150" font-size="26" font-family="sans-serif" fill="#333">${orderNo}</text>
    <text x="60" y="195" font-size="22" font-family="sans-serif" fill="#444">${styleName.replace(/[<&>]/g, '')}</text>
    ${Array.from({ length: 7 }, (_, i) => `<line x1="60" y1="${250 + i * 48}" x2="840" y2="${250 + i * 48}" stroke="#bbb"/>`).join('')}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * 40 orders across the demo customers and the last four months: most in production, some
 * reviewed, some without a document, a few hidden, some past their delivery date, the newest
 * placed this week.
 */
export async function seedDemoOrders(
  manager: EntityManager,
  services: { saleOrders: SaleOrderService; productionOrders: ProductionOrderService; uploads: UploadService },
  admin: AuthenticatedUser,
): Promise<void> {
  const customers: { id: number }[] = await manager.query(`SELECT id FROM customer ORDER BY code`);
  const merchandisers: { id: number }[] = await manager.query(`SELECT id FROM merchandiser ORDER BY code`);
  const [currency] = await manager.query(`SELECT id FROM currency WHERE code = 'CNY'`);
  const styles: StyleRow[] = await manager.query(
    `SELECT g.id, g.cost_price, g.sales_price,
            ARRAY(SELECT color_id FROM goods_color c WHERE c.goods_id = g.id ORDER BY c.sort_order) AS colors,
            ARRAY(SELECT s.id FROM size s WHERE s.size_group_id = g.size_group_id ORDER BY s.sort_order) AS sizes
       FROM goods g ORDER BY g.code`,
  );
  const today = Date.parse(`${isoDay(Date.now())}T00:00:00Z`);
  for (let n = 0; n < 40; n++) {
    // Every 3½ days over four months, the newest few a day apart up to today: a factory always
    // has orders that came in this week (some not in production yet, some not started).
    const orderDate = today - Math.max(39 - n, Math.round(120 - n * 3.5)) * DAY;
    const deliveryDate = orderDate + (25 + (n % 5) * 8) * DAY;
    const lines: SaleOrderLineInput[] = [];
    for (let l = 0; l < 1 + (n % 2); l++) {
      const style = styles[(n * 7 + l * 11) % styles.length];
      const cells = style.colors.flatMap((colorId, c) =>
        style.sizes.slice(0, 5).map((sizeId, s) => ({ colorId, sizeId, quantity: 20 + ((n + c * 3 + s * 5) % 7) * 10 })),
      );
      lines.push({ goodsId: style.id, costPrice: Number(style.cost_price), sellingPrice: Number(style.sales_price), packingUnit: '箱 carton', packingQuantity: 20, cells });
    }
    const saleOrder = await services.saleOrders.create({
      orderDate: isoDay(orderDate),
      deliveryDate: isoDay(deliveryDate),
      customer: customers[n % customers.length].id,
      customerOrderNo: `PO-${2600 + n}`,
      currency: currency?.id,
      freight: 200 + (n % 4) * 150,
      merchandiser: merchandisers[n % merchandisers.length]?.id,
      shipmentPlace: n % 3 === 0 ? '上海港 Shanghai port' : '宁波港 Ningbo port',
      lines: JSON.stringify(lines),
    } as SaleOrderCreateDto);
    // The newest few are still waiting to go into production.
    if (n >= 36) continue;
    const productionOrders = await services.productionOrders.createFromSaleOrder(saleOrder.id, undefined);
    for (const [index, order] of productionOrders.entries()) {
      let version = order.version;
      const withDocument = (n + index) % 4 !== 1;
      if (withDocument) {
        const sheet = await productionSheet(order.orderNo, order.productName);
        const upload = await services.uploads.saveImage({ fieldname: 'file', buffer: sheet, size: sheet.length } as Express.Multer.File, admin.id);
        version = (await services.productionOrders.uploadDocument({ id: order.id, version, document: upload.id })).version;
      }
      if (withDocument && n % 3 !== 2) {
        await services.productionOrders.review({ id: order.id, version, note: '资料齐全 Complete', reviewDate: isoDay(orderDate + 2 * DAY) }, admin);
      }
    }
    if (n % 10 === 4) await services.productionOrders.setHidden(productionOrders.map((order) => order.id).join(','), true);
  }
}
