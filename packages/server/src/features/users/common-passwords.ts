/**
 * Some of the most used passwords (from public breach-frequency lists, plus the words a
 * warehouse's users reach for first: admin, warehouse, lager, magazyn, welkom, passwort, haslo
 * ...), lower-case, separated by white space. A new password that equals one of them, ignoring
 * case, is refused (passwordTooCommon). Kept small on purpose: it stops the guesses an attacker
 * tries first; the minimum length does the rest.
 */
const list = `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123 football
monkey letmein shadow master 696969 mustang 666666 qwertyuiop 123321 1234567890 superman 654321 1qaz2wsx
7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm asdfgh hunter buster soccer
harley batman andrew tigger sunshine iloveyou 2000 charlie robert thomas hockey ranger daniel starwars
klaster 112233 george computer michelle jessica pepper 1111 zxcvbn 555555 11111111 131313 freedom 777777 pass
maggie 159753 aaaaaa ginger princess joshua cheese amanda summer love ashley nicole chelsea matthew access
yankees 987654321 dallas austin thunder taylor matrix mobilemail mom monitor monitoring montana moon moscow
william corvette hello martin heather secret merlin diamond 1234qwer hammer silver 222222 88888888 anthony
justin test bailey q1w2e3r4t5 patrick internet scooter orange 11111 golfer cookie richard samantha bigdog
guitar jackson whatever mickey chicken sparky snoopy maverick phoenix camaro peanut morgan welcome falcon
cowboy ferrari samsung andrea smokey steelers joseph mercedes dakota arsenal eagles melissa boomer booboo
spider nascar monster tigers yellow xxxxxx 123123123 gateway marina diablo bulldog qwer1234 compaq purple
banana junior hannah 123654 porsche lakers iceman money cowboys 987654 london tennis 999999 ncc1701 coffee
scooby 0000 miller boston q1w2e3r4 brandon yamaha chester mother forever johnny edward 333333 oliver redsox
player nikita knight fender barney midnight please brandy chicago badboy slayer rangers charles angel flower
rabbit wizard jasper enter rachel chris steven winner adidas victoria natasha 1q2w3e4r jasmine winter prince
marine fishing cocacola casper james 232323 raiders 888888 marlboro gandalf asdfasdf crystal 87654321
12344321 golden 8675309 panther lauren angela spanky thx1138 angels madison winston shannon mike toyota
jordan23 canada sophie apples tiger razz 123abc pokemon qazxsw 55555 qwaszx muffin johnson murphy cooper
jonathan liverpoo david danielle 159357 jackie 1990 123456a 789456 turtle abcd1234 scorpion qazwsxedc 101010
butter carlos password1 dennis slipknot qwerty123 booger asdf 1991 black startrek 12341234 cameron newyork
rainbow nathan john 1992 rocket viking redskins butthead asdfghjkl 1212 sierra peaches gemini doctor wilson
sandra helpme qwertyui victor florida dolphin pookie captain tucker blue liverpool theman bandit dolphins
maddog packers jaguar lovers nicholas united tiffany maxwell zzzzzz nirvana jeremy stupid monica elephant
giants jackass hotdog rosebud success debbie mountain 444444 xxxxxxxx warrior 1q2w3e4r5t q1w2e3 123456q
albert metallic lucky azerty 7777 alex bond007 alexis 1111111 samson 5150 willie scorpio bonnie gators
benjamin voodoo driver dexter 2112 jason calvin freddy 212121 creative 12345a sydney rush2112 1989 asdfghjk
red123 bubba 4815162342 passw0rd trouble gunner happy gordon legend jessie stella qwert eminem arthur apple
nissan bear america 1qazxsw2 nothing parker 4444 rebecca qweqwe garfield 01012011 beavis 69696969 jack asdasd
december 2222 102030 252525 11223344 magic apollo skippy 315475 kitten golf copper braves shelby godzilla
beaver fred tomcat august buddy airborne 1993 1988 lifehack qqqqqq brooklyn animal platinum phantom online
xavier darkness blink182 power fish green 789456123 voyager police travis 12qwaszx heaven snowball lover
abcdef 00000 pakistan 007007 walter blazer cricket sniper donkey willow loveme saturn therock redwings bigboy
pumpkin trinity williams nintendo digital destiny topgun runner marvin guinness chance bubbles testing fire
november minecraft asdf1234 lasvegas sergey broncos cartman private celtic birdie little cassie babygirl
donald beatles 1313 family 12121212 school louise gabriel eclipse fluffy 147258369 lol123 explorer beer
nelson flyers spencer scott lovely gibson doggie cherry andrey snickers buffalo pantera metallica member
carter qwertyu peter alexande steve bronco paradise goober 5555 samuel mexico dreams michigan carolina yankee
friends magnum surfer poohbear pamela 1a2b3c4d welcome1 admin admin123 administrator root toor changeme
changeme1 letmein1 welcome123 password123 password12 passw0rd1 p@ssw0rd p@ssword iloveyou1 princess1
sunshine1 football1 monkey1 charlie1 qwerty1 abc12345 12345678910 1234567891 qwertyuiop1 000000000 1234512345
aa123456 a123456 a12345678 qwe123 zaq12wsx 1qaz2wsx3edc zaq1zaq1 qwerty12 q1w2e3r4t5y6 letmein123 trustno11
secret123 master123 login guest user default temp temp123 test123 test1234 demo demo123 server warehouse
lager magazyn wachtwoord passwort haslo haslo123 qwertz qwertz123 hallo123 hallo schatz123 ichliebedich
geheim geheim123 wachtwoord1 welkom welkom01 welkom123 azerty123 motdepasse 1234abcd abcdefg abcdefgh abcd123
11112222 zxcvbnm1 asdfghjkl1 iloveu baseball1 superman1 dragon1 shadow1 michael michael1 jennifer1 jordan1
hunter1 ranger1 buster1 soccer1 harley1 batman1
`;

export const commonPasswords: ReadonlySet<string> = new Set(list.split(/\s+/).filter(Boolean));
