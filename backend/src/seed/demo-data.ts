// A believable small garment factory for the demo database, named in both languages.

export const DEMO_CATEGORIES = [
  { code: 'TOP', name: '上衣 Tops', sortOrder: 1 },
  { code: 'PANT', name: '裤装 Trousers', sortOrder: 2 },
  { code: 'DRS', name: '连衣裙 Dresses', sortOrder: 3 },
  { code: 'OUT', name: '外套 Outerwear', sortOrder: 4 },
];

export const DEMO_UNITS = [
  { code: 'PCS', name: '件 Piece' },
  { code: 'SET', name: '套 Set' },
  { code: 'PR', name: '条 Pair' },
];

export const DEMO_COLORS = [
  { code: 'BLK', name: '黑色 Black', hex: '#1f2328' },
  { code: 'WHT', name: '白色 White', hex: '#f6f6f4' },
  { code: 'RED', name: '大红 Red', hex: '#c8102e' },
  { code: 'NVY', name: '藏青 Navy', hex: '#1b2a4a' },
  { code: 'GRY', name: '麻灰 Heather grey', hex: '#9a9c9e' },
  { code: 'KHK', name: '卡其 Khaki', hex: '#b59e6e' },
  { code: 'OLV', name: '军绿 Olive', hex: '#5b6236' },
  { code: 'PNK', name: '粉红 Pink', hex: '#e8a3b5' },
  { code: 'SKY', name: '天蓝 Sky blue', hex: '#7fb3d5' },
  { code: 'BEI', name: '米色 Beige', hex: '#e3d5b8' },
  { code: 'BRG', name: '酒红 Burgundy', hex: '#6d1a36' },
  { code: 'MUS', name: '姜黄 Mustard', hex: '#d4a017' },
];

export const DEMO_SIZE_GROUPS = [
  { code: 'ALPHA', name: '字母码 S–XXL', sizes: ['S', 'M', 'L', 'XL', 'XXL'] },
  { code: 'WAIST', name: '腰围码 28–38', sizes: ['28', '29', '30', '31', '32', '33', '34', '36', '38'] },
];

/** The floor's route, in order. Flags: cutting first, end = warehouse-in, then warehouse-out. */
export const DEMO_PROCESSES = [
  // Sub-processes with a rate of their own are paid at it; the others at their process's rate.
  { code: 'P01', name: '裁床 Cutting', cutting: true, pieceRate: 0.3, steps: [{ name: '拉布 Spreading', pieceRate: 0.1 }, { name: '裁剪 Cutting', pieceRate: 0.15 }, { name: '分扎 Bundling' }] },
  {
    code: 'P02',
    name: '缝制 Sewing',
    workshop: true,
    pieceRate: 2.5,
    steps: [{ name: '合肩 Shoulder seams', pieceRate: 0.6 }, { name: '上领 Collar', pieceRate: 0.8 }, { name: '上袖 Sleeves', pieceRate: 0.7 }, { name: '侧缝 Side seams' }],
  },
  { code: 'P03', name: '锁钉 Buttonholing', workshop: true, pieceRate: 0.4, steps: [] },
  { code: 'P04', name: '整烫 Ironing', workshop: true, pieceRate: 0.5, steps: [] },
  { code: 'P05', name: '质检 QC', qc: true, pieceRate: 0.2, steps: [{ name: '尺寸 Measurements', pieceRate: 0.1 }, { name: '外观 Appearance' }] },
  { code: 'P06', name: '包装 Packing', pieceRate: 0.3, steps: [] },
  { code: 'P07', name: '入库 Warehouse-in', warehouseIn: true, endProcess: true, pieceRate: 0.05, steps: [] },
  { code: 'P08', name: '出库 Warehouse-out', warehouseOut: true, steps: [] },
] as { code: string; name: string; pieceRate?: number; steps: { name: string; pieceRate?: number }[]; [flag: string]: unknown }[];

export const DEMO_CUSTOMERS = [
  { code: 'C001', shortName: '海澜 Hailan', fullName: '江苏海澜服饰有限公司', phone: '0510-86120000', email: 'buyer@hailan.example', address: '江苏省江阴市新桥镇' },
  { code: 'C002', shortName: 'Nordwear', fullName: 'Nordwear AB', phone: '+46 8 555 0100', email: 'orders@nordwear.example', address: 'Stockholm, Sweden' },
  { code: 'C003', shortName: '森马 Semir', fullName: '浙江森马服饰股份有限公司', phone: '0577-88880000', email: 'po@semir.example', address: '浙江省温州市瓯海区' },
  { code: 'C004', shortName: 'UrbanLine', fullName: 'UrbanLine Apparel Inc.', phone: '+1 212 555 0142', email: 'sourcing@urbanline.example', address: 'New York, USA' },
  { code: 'C005', shortName: '太平鸟 Peacebird', fullName: '宁波太平鸟时尚服饰股份有限公司', phone: '0574-56700000', email: 'supply@peacebird.example', address: '浙江省宁波市海曙区' },
];

export const DEMO_STAFF = {
  salesperson: [
    { code: 'S01', name: '陈静 Chen Jing', phone: '13800010001' },
    { code: 'S02', name: '刘洋 Liu Yang', phone: '13800010002' },
    { code: 'S03', name: 'Anna Berg', phone: '+46 70 555 0101' },
  ],
  designer: [
    { code: 'D01', name: '周敏 Zhou Min', phone: '13800020001' },
    { code: 'D02', name: '孙悦 Sun Yue', phone: '13800020002' },
  ],
  merchandiser: [
    { code: 'M01', name: '林伟 Lin Wei', phone: '13800030001' },
    { code: 'M02', name: '黄蕾 Huang Lei', phone: '13800030002' },
    { code: 'M03', name: '吴桐 Wu Tong', phone: '13800030003' },
  ],
  currency: [
    { code: 'CNY', name: '人民币 Renminbi', symbol: '¥' },
    { code: 'USD', name: '美元 US dollar', symbol: '$' },
    { code: 'EUR', name: '欧元 Euro', symbol: '€' },
  ],
  payMethod: [
    { code: 'TT30', name: '电汇30天 T/T 30 days' },
    { code: 'LC', name: '信用证 Letter of credit' },
    { code: 'CASH', name: '现结 Cash on delivery' },
  ],
  tranOrderType: [
    { code: 'DONE', name: '正常结单 Completed' },
    { code: 'CXL', name: '客户取消 Cancelled by customer' },
    { code: 'SHORT', name: '短装结单 Closed short' },
  ],
};

const STYLE_NAMES: Record<string, string[]> = {
  TOP: ['圆领短袖T恤 Crew-neck tee', '连帽卫衣 Hooded sweatshirt', '牛津纺衬衫 Oxford shirt', 'Polo衫 Polo shirt', '针织开衫 Knit cardigan', '条纹长袖T恤 Striped long-sleeve tee', '亚麻衬衫 Linen shirt', '高领打底衫 Turtleneck'],
  PANT: ['直筒牛仔裤 Straight jeans', '休闲卡其裤 Chinos', '运动束脚裤 Joggers', '西装裤 Tailored trousers', '工装短裤 Cargo shorts', '阔腿裤 Wide-leg trousers', '灯芯绒裤 Corduroy trousers'],
  DRS: ['碎花连衣裙 Floral dress', '衬衫裙 Shirt dress', '针织连衣裙 Knit dress', '吊带长裙 Slip maxi dress', '百褶裙 Pleated skirt', '牛仔连衣裙 Denim dress', '雪纺连衣裙 Chiffon dress'],
  OUT: ['羽绒服 Down jacket', '风衣 Trench coat', '牛仔夹克 Denim jacket', '羊毛大衣 Wool coat', '冲锋衣 Shell jacket', '棒球服 Bomber jacket', '马甲 Gilet', '西装外套 Blazer'],
};

/** 30 styles across the 4 categories, each in 2–4 colours. */
export function demoGoods(): { code: string; name: string; category: string; sizeGroup: string; costPrice: number; salesPrice: number; colors: string[] }[] {
  const goods = [];
  let index = 0;
  for (const [category, names] of Object.entries(STYLE_NAMES)) {
    for (const name of names) {
      index += 1;
      const cost = 18 + ((index * 37) % 140);
      goods.push({
        code: `SB26${category.slice(0, 1)}${String(index).padStart(3, '0')}`,
        name,
        category,
        sizeGroup: category === 'PANT' ? 'WAIST' : 'ALPHA',
        costPrice: cost,
        salesPrice: Math.round(cost * 1.8),
        colors: DEMO_COLORS.filter((_, c) => (c + index) % 4 === 0).slice(0, 2 + (index % 3)).map((color) => color.code),
      });
    }
  }
  return goods.slice(0, 30);
}

/**
 * The demo roles: what each job needs, as permission names (contracts/routes.ts). Dropdowns of
 * the forms (customers, currencies, people, …) load for any session through `options`, so a
 * role lists a base-data screen only when the job maintains that data.
 */
export const DEMO_ROLES = [
  {
    key: 'merchandiser',
    name: '跟单员 Merchandiser',
    description: '录入销售订单、维护款式与客户，跟进订单生产进度 · Enters sales orders, keeps styles and customers, follows orders through production',
    permissions: [
      'Home',
      // The job itself: sales orders and their lines (order details).
      'SaleOrder',
      'SaleOrderSub',
      // Styles and customers they set up for a new order; a new style needs its colours,
      // size group and category, and the order header's lists (currency, payment terms, the
      // salespeople, designers and merchandisers) are theirs to keep current.
      'Goods',
      'Customer',
      'Color',
      'Size',
      'Category',
      'Currency',
      'PayMethod',
      'Salesperson',
      'Designer',
      'Merchandiser',
      // "See delays before the customer does" (PRODUCT.md §1): the schedule and the boards, read only.
      'Schedule',
      'DashboardRedirect',
      // One order seen whole (sales order, progress, scans): what following an order means.
      'OrderOverview',
      // Short or over per colour and size before shipping: what they answer the customer with.
      'StatisticsDifference',
    ],
  },
  {
    key: 'productionManager',
    name: '生产经理 Production manager',
    description: '生产单、审核、生产进度与看板 · Production orders, review, the schedule and boards',
    permissions: [
      'Home',
      // Production orders from start to finish: create (from sales-order lines), upload the
      // document, review, hide, follow per process, correct a scan.
      'ProductionOrder',
      'Order',
      'OrderReview',
      'OrderHide',
      'SaleOrderSub',
      'Schedule',
      'Scan',
      // The routes orders follow and the styles they are made of.
      'Process',
      'Goods',
      // Piece-rate pay: the appraisal and the month's payroll.
      'PerformanceAppraisalDetails',
      // The wall boards and their settings.
      'DashboardRedirect',
      'SettingDashboard',
      'OrderOverview',
      // Ordered vs cut vs finished vs in stock vs shipped (PRODUCT.md §1).
      'StatisticsDifference',
      // Cut lays and bundle tickets, where each bundle is, and the QC defect list.
      'Cutting',
      'Bundle',
      'DefectType',
    ],
  },
  {
    key: 'floorLead',
    name: '车间组长 Floor lead',
    description: '扫描报工、查看本工序进度与看板 · Records progress at the station, sees the schedule and boards',
    // Which processes they may record is per user (their process list), not part of the role.
    // The cutting lead records lays (their cutting scans need the cutting process in that list);
    // every lead follows bundles to see where the pieces are.
    permissions: ['Home', 'Scan', 'Schedule', 'DashboardRedirect', 'OrderOverview', 'Cutting', 'Bundle'],
  },
  {
    key: 'viewer',
    name: '只读 Viewer',
    description: '只看控制台、生产进度和看板，不能修改 · Console, schedule and boards; changes nothing',
    // Only screens whose endpoints read (statistics, schedule list/detail, boards).
    permissions: ['Home', 'Schedule', 'DashboardRedirect', 'OrderOverview', 'Bundle'],
  },
] as const;

export type DemoRoleKey = (typeof DEMO_ROLES)[number]['key'];

/** Who gets which demo role (the viewer account is created by SeedService). */
export const DEMO_ROLE_HOLDERS: Record<DemoRoleKey, string[]> = {
  merchandiser: ['merchandiser'],
  productionManager: ['manager'],
  floorLead: ['cutting', 'sewing'],
  viewer: ['viewer'],
};

/**
 * A dozen workers across the floor's departments; `processes` are what they may execute (and are
 * credited with in the demo scans).
 */
function demoWorkers() {
  const workers: [string, string, string, string, string[]][] = [
    ['cut01', '李明 Li Ming', '裁床工 Cutter', 'CUT', ['P01']],
    ['cut02', '赵磊 Zhao Lei', '裁床工 Cutter', 'CUT', ['P01']],
    ['sew01', '刘芳 Liu Fang', '车缝工 Sewer', 'SEW', ['P02']],
    ['sew02', '陈丽 Chen Li', '车缝工 Sewer', 'SEW', ['P02']],
    ['sew03', '杨梅 Yang Mei', '车缝工 Sewer', 'SEW', ['P02', 'P03']],
    ['sew04', '黄娟 Huang Juan', '车缝工 Sewer', 'SEW', ['P02', 'P03']],
    ['fin01', '周涛 Zhou Tao', '整烫工 Presser', 'FIN', ['P04']],
    ['qc01', '吴静 Wu Jing', '质检员 Inspector', 'QC', ['P05']],
    ['qc02', '徐婷 Xu Ting', '质检员 Inspector', 'QC', ['P05']],
    ['pack01', '孙伟 Sun Wei', '包装工 Packer', 'FIN', ['P06']],
    ['pack02', '马超 Ma Chao', '包装工 Packer', 'FIN', ['P06']],
    ['wh01', '朱军 Zhu Jun', '仓管员 Storekeeper', 'WH', ['P07', 'P08']],
  ];
  return workers.map(([username, nickname, position, department, processes]) => ({
    username,
    password: 'demo1234',
    nickname,
    position,
    department,
    permissions: ['Home', 'Scan'] as string[],
    processes,
  }));
}

/** Accounts besides admin and viewer: each sees what their job needs (their role, plus `permissions` as extra pages). */
export const DEMO_USERS = [
  {
    username: 'merchandiser',
    password: 'demo1234',
    nickname: '林伟 Lin Wei',
    position: '跟单员 Merchandiser',
    department: 'OFFICE',
    permissions: [] as string[],
    processes: [] as string[],
  },
  {
    username: 'manager',
    password: 'demo1234',
    nickname: '郑华 Zheng Hua',
    position: '生产经理 Production manager',
    department: 'OFFICE',
    permissions: [] as string[],
    processes: [] as string[],
  },
  {
    username: 'cutting',
    password: 'demo1234',
    nickname: '张强 Zhang Qiang',
    position: '裁床组长 Cutting lead',
    department: 'CUT',
    permissions: [] as string[],
    processes: ['P01'],
  },
  {
    username: 'sewing',
    password: 'demo1234',
    nickname: '王芳 Wang Fang',
    position: '车缝组长 Sewing lead',
    department: 'SEW',
    permissions: [] as string[],
    processes: ['P02', 'P03'],
  },
  // The floor: workers credited with the demo scans (piece-rate pay). They record at the station.
  ...demoWorkers(),
];
