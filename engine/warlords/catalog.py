"""What each card says, for people: the full text a card lookup shows, and the
one-line summary beside it in a hand. Written from the card data, so a card
added to the data reads as completely as the sample set does."""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import CardInfo, Text

from .cards import CardDef, CardSet, Effect, faction_name, rules, sample

TYPES: dict[str, Text] = {
    "castle": Text("castle", "城砦"), "improvement": Text("castle improvement", "城砦改良"),
    "hero": Text("hero", "英雄"), "banner": Text("banner", "軍旗"), "army": Text("army", "軍隊"),
    "fleet": Text("fleet", "艦隊"), "ruin": Text("ruin", "遺跡"), "ally": Text("ally", "味方"),
    "artefact": Text("artefact", "魔道具"), "treasure": Text("treasure", "財宝"),
    "diplomacy": Text("diplomacy", "外交"), "action": Text("action", "アクション"),
    "terrain": Text("terrain", "地形"), "weather": Text("weather", "天候"), "calamity": Text("calamity", "災害"),
    "spell": Text("spell", "呪文"), "time_passes": Text("Time Passes", "ゲーム終了カード"),
}
CALAMITY_KINDS = {"persistent": Text("persistent", "永続"), "transient": Text("transient", "一過性"),
                  "instant": Text("instant", "瞬間")}
TARGETS = {"stack": Text("an opponent's stack", "相手のスタック"), "castle": Text("an opponent's castle", "相手の城砦"),
           "player": Text("an opponent", "相手プレイヤー")}
COSTED = ("improvement", "army", "fleet", "diplomacy")


def type_name(card_type: str) -> Text:
    return TYPES.get(card_type, Text(card_type, card_type))


def _cap(t: Text) -> Text:
    return Text(t.en[:1].upper() + t.en[1:], t.ja)


def _items(parts: Iterable[Text]) -> Text:
    """A list of stats: 'a, b, c' / 'a、b、c'."""
    ps = list(parts)
    return Text(", ".join(p.en for p in ps), "、".join(p.ja for p in ps))


def _sentences(parts: Iterable[Text]) -> Text:
    """Sentences: spaced in English, run on after 。 in Japanese."""
    ps = [p for p in parts if p.en]
    return Text(" ".join(p.en for p in ps), "".join(p.ja for p in ps))


def span(lo: int, hi: int) -> Text:
    return Text(str(lo), str(lo)) if lo == hi else Text(f"{lo}-{hi}", f"{lo}～{hi}")


def _bonuses(d: CardDef, what: str = "") -> list[Text]:
    out = []
    for fac, n in d.bonus.items():
        f = faction_name(fac)
        out.append(Text(f"{f.en} {n:+d}{what}", f"{f.ja}所属時{'戦力' if what else ''}{n:+d}"))
    return out


def static_effect(e: Effect) -> Text:
    n = e.n
    return {
        "combat": Text(f"combat {n:+d}", f"戦力{n:+d}"),
        "defence": Text(f"defence {n:+d}", f"防御{n:+d}"),
        "revenue": Text(f"revenue {n:+d}", f"収益{n:+d}"),
        "capacity": Text(f"capacity {n:+d}", f"キャパシティ{n:+d}"),
        "port": Text("makes the castle a port", "城砦を港湾城にする"),
        "immobile": Text("holds the stack still", "スタックを足止め"),
    }.get(e.op, Text(e.op, e.op))


def one_shot(e: Effect, target: str) -> Text:
    """A one-shot effect on `target`: stack, castle, player, caster (the caster's
    stack) or none (the player who plays it)."""
    n = e.n
    whose = Text("the caster's stack", "術者のスタック") if target == "caster" else Text("the stack", "スタック")
    if e.op == "kill_unit":
        if target == "castle":
            return Text("the weakest garrison army of the castle is lost" if n == 1 else
                        f"the {n} weakest garrison armies of the castle are lost",
                        f"城砦の最も弱い守備隊の軍隊{n}体が失われる")
        return Text(f"the weakest army or ally of {whose.en} is lost" if n == 1 else
                    f"the {n} weakest armies or allies of {whose.en} are lost",
                    f"{whose.ja}の最も弱い軍隊・味方{n}体が失われる")
    if e.op == "destroy_improvement":
        return Text("an improvement of the castle is destroyed" if n == 1 else
                    f"{n} improvements of the castle are destroyed", f"城砦の改良{n}枚が破壊される")
    if e.op == "discard_random":
        return Text(f"that player discards {n} card{'s' if n != 1 else ''} at random",
                    f"そのプレイヤーは手札を無作為に{n}枚捨てる")
    if e.op == "draw":
        return Text(f"you draw {n} card{'s' if n != 1 else ''}", f"カードを{n}枚引く")
    if e.op == "gain_revenue":
        return Text(f"you gain {n} revenue this turn", f"この手番の収益+{n}")
    if e.op == "strip_march":
        return Text(f"the March cards of {whose.en} are discarded (it goes home, lifting any siege)",
                    f"{whose.ja}の行軍カードがすべて捨て札になる（帰還し、包囲は解ける）")
    return Text(e.op, e.op)


def _effects(effects: Iterable[Effect], target: str) -> Text:
    return _items(one_shot(e, target) for e in effects)


def numbers(d: CardDef) -> list[Text]:
    """The card's cost and printed numbers, in the order a player compares them."""
    out: list[Text] = []
    if d.type in COSTED or d.cost:
        out.append(Text(f"cost {d.cost}", f"コスト{d.cost}"))
    elif d.type != "time_passes":
        out.append(Text("no cost", "コスト不要"))
    if d.type == "castle":
        out += [Text(f"revenue {d.revenue}", f"収益{d.revenue}"), Text(f"defence {d.defence}", f"防御{d.defence}"),
                Text(f"capacity {d.capacity}", f"キャパシティ{d.capacity}")]
        if d.port:
            out.append(Text("port", "港湾城"))
        if d.home_faction:
            f = faction_name(d.home_faction)
            out.append(Text(f"home castle of {f.en}", f"{f.ja}の本拠地"))
    elif d.type == "hero":
        out += [Text(f"combat {d.combat}", f"戦力{d.combat}"), Text(f"capacity {d.capacity}", f"キャパシティ{d.capacity}")]
    elif d.type == "banner" and d.faction:
        f = faction_name(d.faction)
        out += [Text(f"faction {f.en}", f"派閥{f.ja}"), Text(f"capacity +{d.capacity}", f"キャパシティ+{d.capacity}")]
    elif d.type in ("army", "ally"):
        out.append(Text(f"combat {d.combat}", f"戦力{d.combat}"))
        out += _bonuses(d)
    elif d.type == "fleet":
        out += _bonuses(d, " combat")
    elif d.type in ("improvement", "artefact", "terrain", "weather"):
        out += [static_effect(e) for e in d.effects]
    elif d.type == "treasure":
        out.append(Text(f"sells for {d.revenue}", f"売却で収益{d.revenue}"))
    elif d.type == "calamity" and d.calamity is not None:
        out.append(Text(f"{CALAMITY_KINDS[d.calamity.kind].en}, on {TARGETS[d.calamity.target].en}",
                        f"{CALAMITY_KINDS[d.calamity.kind].ja}、対象は{TARGETS[d.calamity.target].ja}"))
    elif d.type == "spell" and d.target in TARGETS:
        out.append(Text(f"at {TARGETS[d.target].en}", f"対象は{TARGETS[d.target].ja}"))
    if d.battle is not None:
        out.append(Text(f"battle {d.battle:+d}", f"戦闘{d.battle:+d}"))
    if d.flying:
        out.append(Text("flying", "飛行"))
    if d.magic:
        out.append(Text("magic", "魔術使用"))
    if d.no_more_improvements:
        out.append(Text("no more improvements", "改良限界"))
    if d.search_risk:
        out.append(Text(f"search risk {d.search_risk}", f"捜索リスク{d.search_risk}"))
    return out


def check_value(d: CardDef, word: str = "check") -> Text:
    if d.type == "time_passes":
        return Text("no check value", "判定値なし")
    return Text(f"{word} {d.range}" + (", sudden death" if d.sudden_death else ""),
                f"判定値{d.range}" + ("、サドンデス" if d.sudden_death else ""))


def use(d: CardDef) -> Text:
    """Where the card goes or what it does, in a few words (a hand line)."""
    t = d.type
    if d.march:
        return Text("march a stack, or start a battle", "スタックの行軍、または戦闘開始")
    if d.battle is not None:
        return Text(f"start a battle ({d.battle:+d} combat)", f"戦闘開始（戦力{d.battle:+d}）")
    if t in ("diplomacy", "action"):
        aim = Text(f"at {TARGETS[d.target].en}: ", f"{TARGETS[d.target].ja}に：") if d.target in TARGETS else Text("", "")
        return aim + _effects(d.effects, d.target)
    if t == "calamity" and d.calamity is not None:
        c = d.calamity
        switch = (Text(f"; {span(*c.switch_range).en}: it switches", f"、{span(*c.switch_range).ja}で交代")
                  if c.switch_range else Text("", ""))
        eff = _effects(c.effects, c.target)
        return Text(f"check {span(*c.effect_range).en}: {eff.en}{switch.en}",
                    f"判定{span(*c.effect_range).ja}で{eff.ja}{switch.ja}")
    return {
        "castle": Text("deploy on its own (one castle a turn)", "単独で配置（1手番に1枚）"),
        "hero": Text("deploy on its own as a new stack (one hero a turn)", "単独で配置して新しいスタックに（1手番に1枚）"),
        "ruin": Text("deploy on its own; explore it from a later turn", "単独で配置し、後の手番に探索"),
        "improvement": Text("on one of your castles", "自分の城砦に"),
        "banner": Text("on your stack without a banner", "軍旗のない自分のスタックに"),
        "army": Text("on your stack or castle", "自分のスタックか城砦に"),
        "fleet": Text("on your camped or patrolling stack; needs your port castle, not besieged",
                      "自分の野営中か哨戒中のスタックに（包囲されていない自分の港湾城が必要）"),
        "ally": Text("the reward of a ruin you explore", "遺跡探索の報酬"),
        "artefact": Text("the reward of a ruin you explore", "遺跡探索の報酬"),
        "treasure": Text("the reward of a ruin you explore", "遺跡探索の報酬"),
        "terrain": Text("on your stack at home, or an opponent's on campaign",
                        "自軍テリトリーにいる自分のスタックか、作戦中の相手のスタックに"),
        "weather": Text("on an opponent's stack at sea", "海上にいる相手のスタックに"),
        "spell": Text("cast by your hero with a magic artefact", "魔術使用の魔道具を持つ自分の英雄が使う"),
        "time_passes": Text("set aside when drawn", "引いたら脇に置く"),
    }.get(t, Text("", ""))


def brief(d: CardDef) -> Text:
    """One line for a hand: type, cost, numbers and check value, then what it needs."""
    head = _items([type_name(d.type), *numbers(d), check_value(d)])
    how = use(d)
    return head + (Text(" — ", " — ") + how if how.en else Text("", ""))


OBSTRUCTS = Text("It can also obstruct another player's ruin exploration.", "他のプレイヤーの遺跡探索の妨害にも使える。")


def _ability(d: CardDef) -> list[Text]:
    t = d.type
    r = rules()
    if t == "castle":
        out = [Text(f"Deploy it in your territory (one castle a turn), or choose it at set-up. It holds up to "
                    f"{d.capacity} garrison armies; without a garrison army it loses any battle.",
                    f"自軍テリトリーに配置する（1手番に1枚）か、開始時に選ぶ。守備隊の軍隊を{d.capacity}体まで置ける。"
                    "守備隊の軍隊がいなければ、どの戦闘にも負ける。")]
        if d.port:
            out.append(Text("A port castle: it lets your stacks take a fleet, and stacks at sea may attack it.",
                            "港湾城：自分のスタックが艦隊を付けられ、海上のスタックから攻撃されうる。"))
        if d.home_faction:
            f = faction_name(d.home_faction)
            out.append(Text(f"Home castle: its garrison takes {f.en} bonuses, and an attack on it needs "
                            f"{r.home_castle_battle_cards} Battle cards of the same kind.",
                            f"本拠地：守備隊は{f.ja}の修正を受け、攻撃するには同種の戦闘カードが{r.home_castle_battle_cards}枚必要。"))
        return out
    if t == "improvement":
        out = [Text("Deploy it on one of your castles: " + _items(static_effect(e) for e in d.effects).en + ".",
                    "自分の城砦に付ける：" + _items(static_effect(e) for e in d.effects).ja + "。")]
        if d.no_more_improvements:
            out.append(Text("No more improvements: that castle takes no further improvements.",
                            "改良限界：その城砦には以後、城砦改良を付けられない。"))
        return out
    if t == "hero":
        out = [Text(f"Deploy it (one hero a turn), or choose it at set-up: it forms a camped stack holding up to "
                     f"{d.capacity} armies, allies and artefacts. Armies and allies take a battle's loss first; the "
                     f"hero falls, and the stack with it, when the loss left over reaches its combat {d.combat}.",
                     f"配置する（1手番に1枚）か開始時に選ぶと、野営中のスタックになる。軍隊・味方・魔道具を{d.capacity}枚まで"
                     f"組み込める。戦闘の損失は軍隊・味方が先に受け、残りの損失が戦力{d.combat}以上なら英雄とスタックは全滅する。")]
        if d.flying:
            out.append(Text("A stack whose hero, armies and allies all fly is flying: only flying stacks intercept its attacks "
                 "on stacks.", "英雄・軍隊・味方がすべて飛行ならスタックは飛行状態で、スタックへのその攻撃は飛行スタックしか迎撃できない。"))
        return out
    if t == "banner" and d.faction:
        f = faction_name(d.faction)
        return [Text(f"Deploy it on one of your stacks without a banner: the stack joins {f.en}, and its armies, allies "
                     f"and fleet add their {f.en} bonuses.",
                     f"軍旗のない自分のスタックに付ける：スタックは{f.ja}に所属し、軍隊・味方・艦隊が{f.ja}所属時の修正を受ける。")]
    if t == "army":
        return [Text("Deploy it on one of your stacks or castles, within capacity (not on a besieged castle). It adds "
                     "its combat to the stack's or castle's total and takes losses before the hero.",
                     "自分のスタックか城砦にキャパシティの範囲で付ける（包囲中の城砦には不可）。戦力がスタックか城砦の合計に加わり、"
                     "損失は英雄より先に受ける。")]
    if t == "fleet":
        return [Text("Deploy it on your camped or patrolling stack without a fleet, while you hold a port castle that is "
                     "not besieged: the stack is in port (its March cards are discarded). A March card then puts it at "
                     "sea, from where it attacks any opponent's port castle.",
                     "包囲されていない港湾城を持つ時、艦隊のない野営中か哨戒中の自分のスタックに付ける：スタックは入港中になる"
                     "（行軍カードは捨て札）。さらに行軍カードで海上に出て、相手の港湾城を攻撃できる。")]
    if t == "ruin":
        return [Text("Deploy it in your territory. From a later turn, one of your camped or patrolling stacks may explore "
                     "it (once a turn), offering an ally, artefact or treasure from your hand as the reward; each other "
                     "player may obstruct. If no obstructor succeeds, the ruin is discarded and the reward is yours.",
                     "自軍テリトリーに配置する。後の手番から、野営中か哨戒中の自分のスタックが探索できる（1手番に1回）。手札の"
                     "味方・魔道具・財宝を報酬とし、他の各プレイヤーが妨害できる。妨害がすべて失敗すれば、遺跡は捨て札になり報酬を得る。")]
    if t in ("ally", "artefact", "treasure"):
        risk = Text(f"Search risk {d.search_risk}: an obstructor's check of {d.search_risk} or less loses the expedition "
                    "(the exploring stack and this card are discarded).",
                    f"捜索リスク{d.search_risk}：妨害者の判定が{d.search_risk}以下なら探索は失敗する（探索したスタックとこのカードは捨て札）。")
        if t == "treasure":
            return [Text(f"The reward of a ruin you explore: kept in your treasury (it does not count as revenue or "
                         f"glory). Sell it on your turn for {d.revenue} revenue that turn.",
                         f"遺跡探索の報酬：財宝として保有する（収益・勝利点には数えない）。自分の手番に売却すると、その手番の収益+{d.revenue}。"),
                    risk]
        out = [Text("The reward of a ruin you explore: it joins the exploring stack (and counts against its capacity).",
                    "遺跡探索の報酬：探索したスタックに加わる（キャパシティに数える）。")]
        if d.type == "artefact" and d.effects:
            out.append(Text("While in the stack: " + _items(static_effect(e) for e in d.effects).en + ".",
                            "スタックにある間：" + _items(static_effect(e) for e in d.effects).ja + "。"))
        if d.magic:
            out.append(Text("Magic: the stack's hero may cast spells.", "魔術使用：そのスタックの英雄は呪文を使える。"))
        return [*out, risk]
    if t == "action" and (d.march or d.battle is not None):
        out = []
        if d.march:
            out.append(Text("March: attach it to one of your stacks (one a turn): camped, then patrolling, then on "
                            "campaign against an opponent you choose; in port, then at sea.",
                            "行軍：自分のスタックに付ける（1手番に1枚）。野営中→哨戒中→作戦中（相手を1人選ぶ）、入港中→海上。"))
        out.append(Text(f"Battle: play it to attack with a stack on campaign, besieging or at sea ({d.battle:+d} combat "
                        f"for that battle; a home castle needs {r.home_castle_battle_cards} of the same kind).",
                        f"戦闘：作戦中・包囲中・海上のスタックで攻撃する時に使う（その戦闘で戦力{d.battle:+d}。本拠地には同種"
                        f"{r.home_castle_battle_cards}枚が必要）。"))
        if d.march:
            out.append(Text("It also cancels terrain an opponent puts on your stack, at once, and on your turn removes "
                            "terrain, weather or a calamity from your cards.",
                            "相手が自分のスタックに付けた地形を即座に打ち消し、自分の手番には自分のカードの地形・天候・災害を取り除ける。"))
        return out
    if t in ("diplomacy", "action"):
        aim = (Text(f", aimed at {TARGETS[d.target].en}", f"{TARGETS[d.target].ja}を対象に") if d.target in TARGETS
               else Text("", ""))
        pay = Text(" (paying its cost)", "コストを支払い") if d.cost else Text("", "")
        eff = _effects(d.effects, d.target)
        return [Text(f"Play it on your turn{pay.en}{aim.en}: {eff.en}.", f"自分の手番に{pay.ja}{aim.ja}使う：{eff.ja}。")]
    if t == "terrain":
        return [Text("Put it on your own camped, patrolling or in-port stack, or on an opponent's stack on campaign or "
                     "besieging (one terrain per stack a turn; it replaces older terrain). The stack's March and fleet "
                     "cards are removed; an opponent may cancel it on their stack at once with a March card. While "
                     "attached: " + _items(static_effect(e) for e in d.effects).en + ".",
                     "自分の野営中・哨戒中・入港中のスタックか、相手の作戦中・包囲中のスタックに付ける（1スタックに1手番1枚、"
                     "古い地形と入れ替わる）。スタックの行軍・艦隊カードは外れる。相手は自分のスタックに付いた地形を行軍カードで"
                     "即座に打ち消せる。付いている間：" + _items(static_effect(e) for e in d.effects).ja + "。"), OBSTRUCTS]
    if t == "weather":
        rest = [static_effect(e) for e in d.effects if e.op != "immobile"]
        extra = Text("; it also gives " + _items(rest).en, "。さらに" + _items(rest).ja) if rest else Text("", "")
        return [Text("Put it on an opponent's stack at sea (one weather per stack a turn). Until its owner removes it "
                     "with a March card on their turn, the stack cannot act (no march, recall, attack, exploration or "
                     f"spell){extra.en}.",
                     "海上にいる相手のスタックに付ける（1スタックに1手番1枚）。持ち主が自分の手番に行軍カードで取り除くまで、"
                     f"スタックは行動できない（行軍・帰還・攻撃・探索・呪文のいずれも不可）{extra.ja}。"), OBSTRUCTS]
    if t == "calamity" and d.calamity is not None:
        c = d.calamity
        eff = _effects(c.effects, c.target)
        switch = (Text(f"; {span(*c.switch_range).en}: it switches (they move it to another player's {c.target})",
                       f"、{span(*c.switch_range).ja}なら交代（他のプレイヤーの{'スタック' if c.target == 'stack' else '城砦'}に移す）")
                  if c.switch_range else Text("", ""))
        kind = {
            "persistent": Text("Persistent: after an effect it stays, and is checked again at each stack advance of its "
                               "victim until it ends or a March card removes it.",
                               "永続：効果の後も対象に残り、被害者のスタック進軍のたびに再び判定する（終了するか行軍カードで取り除かれるまで）。"),
            "transient": Text("Transient: checks repeat until it ends; after each, its victim may move it to another "
                              "of their own targets.", "一過性：終了するまで判定を繰り返す。判定ごとに被害者は自分の別の対象へ移せる。"),
            "instant": Text("Instant: it is discarded after an effect or an end; a switch sends it on.",
                            "瞬間：効果か終了の後に捨て札になる。交代すれば移った先で続く。"),
        }[c.kind]
        return [Text(f"Bring it upon {TARGETS[c.target].en} on your turn (one calamity a turn). The player hit checks: "
                     f"{span(*c.effect_range).en}: {eff.en}{switch.en}; otherwise it ends.",
                     f"自分の手番に{TARGETS[c.target].ja}にもたらす（1手番に1枚）。受けたプレイヤーが判定する："
                     f"{span(*c.effect_range).ja}なら{eff.ja}{switch.ja}、それ以外なら終了。"), kind, OBSTRUCTS]
    if t == "spell":
        parts_en, parts_ja = [], []
        for o in d.spell:
            eff = _effects(o.effects, d.target if o.on == "target" else "caster")
            if o.on == "target":
                parts_en.append(f"{span(o.lo, o.hi).en}: {eff.en}")
                parts_ja.append(f"{span(o.lo, o.hi).ja}なら{eff.ja}")
            else:
                parts_en.append(f"{span(o.lo, o.hi).en}: it fumbles and {eff.en}")
                parts_ja.append(f"{span(o.lo, o.hi).ja}なら失敗し、{eff.ja}")
        return [Text(f"Cast by one of your heroes whose stack holds a magic artefact (once per hero a turn), at "
                     f"{TARGETS.get(d.target, Text('a target', '')).en}. The target's owner checks: "
                     + "; ".join(parts_en) + "; otherwise no effect.",
                     f"魔術使用の魔道具を持つスタックの英雄が使う（英雄1人につき1手番1回）。対象は{TARGETS.get(d.target, Text('', '対象')).ja}。"
                     "対象の持ち主が判定する：" + "、".join(parts_ja) + "、それ以外なら効果なし。"), OBSTRUCTS]
    if t == "time_passes":
        return [Text("When drawn (in any draw or check) it is shown to everyone, set aside in your Time Passes area "
                     "and replaced by the next card. The game ends when every player still in it has drawn theirs: "
                     "the highest revenue from castles and improvements wins (treasure excluded).",
                     "引いたら（判定も含む）全員に公開して自分のゲーム終了エリアに置き、次のカードを引き直す。残っている全員が"
                     "引いた時点でゲーム終了：城砦と城砦改良の収益が最も高いプレイヤーの勝ち（財宝は除く）。")]
    return []


def full_text(d: CardDef) -> Text:
    """The whole card, in lines: what it is and its numbers; what it does and when; its check value."""
    head = _cap(type_name(d.type))
    nums = numbers(d)
    first = head + (Text(". ", "。") + _cap(_items(nums)) if nums else Text("", "")) + Text(".", "。")
    tail = [_cap(check_value(d, "check value")) + Text(".", "。")]
    if d.unique:
        tail.append(Text("Unique: only one of this name may be in play (the first one stays).",
                         "ユニーク：場全体に同名カードは1枚だけ（先に出たものが残る）。"))
    lines = [first, _sentences(_ability(d)), _sentences(tail)]
    return Text("\n".join(x.en for x in lines if x.en), "\n".join(x.ja for x in lines if x.ja))


def card_catalog(cards: CardSet | None = None) -> list[CardInfo]:
    """Every card of the set, with its full text. Cards that share a name (the
    March/Battle versions) are told apart by their check value."""
    defs = (cards or sample()).cards
    shared = {d.name.en for d in defs if sum(1 for e in defs if e.name.en == d.name.en) > 1}
    return [CardInfo(d.id, d.text + (Text(f" (check {d.range})", f"（判定値{d.range}）") if d.name.en in shared
                                     else Text("", "")), full_text(d)) for d in defs]
