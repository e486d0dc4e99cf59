// Passwords that attackers try first. No published list can be downloaded here, so this is a
// hand-made one: the best-known entries of the public "most common passwords" lists (RockYou,
// SplashData, NCSC top-100k head, the Chinese CSDN/Tianya leaks), each also with the suffixes
// people add to pass a length rule ("1", "123", "!", a year …). Compared lower-cased, about
// 9,000 entries in all. It is a floor, not a strength meter: length and "not the username" are
// checked too (password-policy.ts).

const BASE_WORDS = `
password passw0rd p@ssword p@ssw0rd pass pa55word passwort motdepasse contrasena senha
admin administrator admin1 root toor system sysadmin manager superuser super user guest test tester
welcome welcome1 letmein login logon default changeme secret access master hello hello1 hi
qwerty qwertyui qwertyuiop qwerty123 qwert asdf asdfgh asdfghjk asdfghjkl zxcv zxcvb zxcvbn zxcvbnm
qazwsx qazwsxedc 1qaz2wsx 1q2w3e4r 1q2w3e4r5t 1q2w3e 1qazxsw2 zaq12wsx zaq1xsw2 q1w2e3r4 q1w2e3r4t5
abc abcd abcde abcdef abcdefg abcdefgh abc123 abcd1234 a1b2c3 a1b2c3d4 aa123456 a123456 a12345678
iloveyou iloveu loveyou love lovely lover loveme ilove trustno1 whatever nothing something anything
dragon monkey shadow sunshine princess football baseball basketball soccer hockey tennis golf
master michael jordan jordan23 superman batman spiderman starwars pokemon naruto matrix ninja
mustang ferrari porsche corvette harley yamaha honda toyota nissan bmw mercedes
charlie daniel thomas jessica ashley amanda andrew joshua jennifer hunter buster tigger ginger
pepper maggie bailey sophie chelsea liverpool arsenal barcelona madrid juventus
freedom flower summer winter spring autumn orange banana apple cherry chocolate cookie cheese
computer internet google yahoo facebook microsoft windows linux ubuntu android iphone samsung
money dollar business company office school student teacher family friend friends
killer cowboy cowboys eagles falcons dolphins steelers yankees lakers chicago dallas london paris
jesus christ angel angels heaven blessed god faith hope
tiger lion panda dog cat kitty kitten puppy horse rabbit fish bird bear wolf
red blue green black white yellow purple silver golden gold diamond
phoenix thunder lightning storm ranger knight warrior wizard legend hero
secret123 private public service support internet network server database backup
mypassword mypass newpass newpassword oldpassword temppass temp temp123 tmp
computer1 abc12345 qweasd qweasdzxc qweqwe asdasd zxczxc qwe123 asd123 zxc123 qaz123
woaini woaini1314 woaiwojia wo123456 5201314 1314520 520520 woaini520 iloveyou1314
aini1314 zhang wang li liu chen yang huang zhao wu zhou xu sun ma zhu hu guo he lin
wangwei zhangwei lilei liming wangjing zhanglei zhangjie wangfang liuyang
baobao beibei tiantian xiaoming xiaohong laoban laopo laogong
huawei xiaomi lenovo taobao alibaba tencent baidu
qq123456 qqqqqq qq5201314 abc123456 asd123456 zxc123456 aaa123456
stitch stitchboard factory garment sewing cutting order orders board
`;

/** Patterns of keys and digits typed without thinking. */
const SEQUENCES = `
123 1234 12345 123456 1234567 12345678 123456789 1234567890 0123456789 987654321 9876543210
111111 1111111 11111111 111111111 000000 0000000 00000000 000000000 222222 22222222 333333 33333333
444444 44444444 555555 55555555 666666 66666666 777777 77777777 888888 88888888 999999 99999999
121212 12121212 123123 123123123 123321 12344321 112233 11223344 654321 7654321 87654321
147258 147258369 159357 159753 1472583690 123654 1234qwer qwer1234 1qaz2wsx3edc
aaaaaa aaaaaaaa abcabc abcabcabc qwerasdf asdfqwer password1 password12 password123 password1234
passw0rd1 p@ssw0rd1 admin123 admin1234 admin12345 admin888 admin666 root123 root1234 test123 test1234
user123 user1234 guest123 demo demo123 demo1234 viewer viewer123 welcome123 letmein123 changeme123
1q2w3e4r5t6y 1q2w3e4r5t6y7u8i zaq1zaq1 !qaz2wsx 1qaz@wsx qwe!@# !@#$%^ !@#$%^&* 1qaz!qaz
`;

const SUFFIXES = [
  '', '1', '2', '12', '123', '1234', '12345', '123456', '321', '0', '00', '01', '11', '99', '007', '666', '888', '520', '1314',
  '!', '1!', '123!', '!!', '@', '@123', '#', '#1', '.', '*', '2019', '2020', '2021', '2022', '2023', '2024', '2025', '2026',
];

function build(): Set<string> {
  const list = new Set<string>();
  const words = BASE_WORDS.split(/\s+/).filter(Boolean);
  for (const word of words) {
    for (const suffix of SUFFIXES) {
      list.add(`${word}${suffix}`);
      // "Password1" and "PASSWORD" are the same guess once lower-cased; a capital first letter
      // is covered by that too.
    }
    list.add(`${word}${word}`);
  }
  for (const sequence of SEQUENCES.split(/\s+/).filter(Boolean)) {
    list.add(sequence);
    for (const suffix of ['!', '.', 'a', 'q', 'abc', 'qwe']) list.add(`${sequence}${suffix}`);
    list.add(`a${sequence}`);
    list.add(`qq${sequence}`);
  }
  return list;
}

export const COMMON_PASSWORDS: ReadonlySet<string> = build();
