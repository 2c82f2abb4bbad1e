/// Genuine prose for the line-breaking benchmarks, written for them (not generated): English with
/// punctuation, numbers, quotes, parentheses and dashes; Japanese with 、。「」, kana and kanji,
/// a few Latin words and numbers. Several paragraphs each, separated by newlines.
enum Prose {
    /// About 6 KB of English prose.
    static let english = """
        The ferry left the harbour at 7:45 on a grey Tuesday morning, half an hour late, with \
        fewer than forty passengers on board. Most of them were commuters who had made the \
        crossing so many times that they no longer looked at the water; they sat in the heated \
        cabin with their coffee, their newspapers and their phones, and waited for the engines \
        to settle into the low, steady rhythm that meant the worst of the swell was behind them.

        Margaret Hale was not one of them. She stood at the rail on the upper deck, her collar \
        turned up against the wind, and watched the town shrink behind her: the church with its \
        green copper spire, the row of painted houses along the quay (blue, yellow, a faded \
        pink), the crane that had stood idle since the shipyard closed in 1987. "You'll catch \
        your death out here," said a voice at her elbow. It was the deckhand, a boy of perhaps \
        nineteen, carrying a coil of rope over one shoulder. "Probably," she said. "But I haven't \
        seen it from this side for twenty-two years, and I'd like to look at it for a while."

        He shrugged, as if to say that the ways of passengers were none of his business, and \
        went on towards the stern. She was grateful for that. She had rehearsed this journey in \
        her head a hundred times (on the train from London, in the hotel the night before, in \
        the queue for the ticket office, where a single fare had cost her £14.50) and in none of \
        those rehearsals had she wanted to talk to anyone.

        The island appeared at about a quarter past eight: first as a darker line on the \
        horizon, then as a long, low hump of rock and heather, and finally as a place with \
        details, a lighthouse, a jetty, a white cottage with a red door. Her grandmother's \
        cottage. It had been sold in 2003, after the funeral, to a couple from Edinburgh who \
        wanted somewhere quiet to write; the estate agent's particulars, which she still had in \
        a folder somewhere, had described it as "a charming 3-bedroom property with outstanding \
        sea views, in need of some modernisation." That was one way of putting it.

        What do you remember about a place you left at the age of eleven? Not the things you \
        expect to. She could not have told you how many rooms the cottage had, or what colour \
        the kitchen was, or whether there had been a garden at the back. But she remembered the \
        smell of the peat fire, the sound of the wind in the chimney on winter nights, and the \
        exact weight of the brass door knocker, shaped like a fish, which she had been allowed \
        to lift and drop, once, whenever they arrived. She remembered her grandmother's hands: \
        large, red, always busy, kneading dough or mending nets or turning the pages of the \
        enormous family Bible that lived on the dresser and was consulted, as far as Margaret \
        could tell, mainly for birthdays (there were 112 of them written on the flyleaf, in six \
        or seven different inks).

        The ferry slowed. The engines changed their note, dropping from a hum to a shudder, and \
        the boat swung round in a wide arc towards the jetty. On the quay a handful of people \
        were waiting: a woman with a pushchair, two men in orange overalls, a dog that seemed to \
        belong to nobody in particular. A hand-painted sign said WELCOME TO INISHMORE — PLEASE \
        TAKE YOUR LITTER HOME. Someone had added, in smaller letters underneath, "and your \
        tourists."

        She laughed out loud, and the deckhand, coiling his rope again at the bow, looked up at \
        her in surprise. "Sorry," she said. "It's just... nothing's changed, has it?" He grinned \
        for the first time. "Oh, everything's changed," he said. "We've got broadband now. 30 \
        megabits, on a good day. And the pub does a vegan option on Fridays." Then the gangway \
        rattled down onto the stones, and there was nothing left to do but walk off the boat.

        She spent the first hour simply walking. The road from the jetty climbed steeply between \
        stone walls, past the school (closed; the windows boarded up), the post office (open, \
        but only on Mondays, Wednesdays and Fridays, 10 a.m. to 1 p.m.) and the church, which \
        was smaller than she remembered and in much better repair. At the top of the hill she \
        stopped to catch her breath, and turned, and there was the whole of the bay spread out \
        below her: the ferry already heading back, a white scratch on the grey water; the \
        mainland beyond it, blue and indistinct; and, far off to the south, a container ship \
        the size of a small town, making its slow way towards Rotterdam or Hamburg or wherever \
        such ships went.

        The cottage was at the end of a track, a mile and a half further on. She had wondered \
        whether she would know the way, and found that her feet knew it even when her head did \
        not: left at the gate with the broken hinge, right at the standing stone, straight on \
        past the bog where, one summer, her cousin Declan had lost a boot and nearly, as he told \
        it afterwards, his life. The track was narrower than it had been, and the heather had \
        grown in on either side, so that she had to walk in the middle, on the strip of grass \
        between the ruts. Once, a hare started up almost from under her feet and went bounding \
        away across the moor, zig-zagging, its ears laid flat.

        And then she came round the last bend, and stopped. The red door was blue now. There \
        were solar panels on the roof, a satellite dish on the gable end, and a new extension \
        at the side with a wall of glass that must, she thought, look straight out over the \
        cliffs to the open Atlantic. A bicycle leaned against the wall. Somebody was playing the \
        piano inside, not very well: the same four bars of something by Satie, over and over, \
        with the same wrong note each time. She stood at the gate for a long while, listening, \
        and did not go in.

        """

    /// About 6 KB of Japanese prose (UTF-8: three bytes per kana or kanji).
    static let japanese = """
        朝の七時四十五分、灰色の火曜日に、フェリーは三十分遅れて港を出た。乗客は四十人にも満たず、\
        その大半は毎日この海を渡る通勤客だった。彼らはもう水面を見ることもなく、暖房の効いた客室で\
        コーヒーを飲み、新聞を広げ、スマートフォンを眺めながら、エンジンの音が低く安定したリズムに\
        落ち着くのを待っていた。それは、いちばん大きなうねりを越えたという合図だった。

        真理子はその中にいなかった。彼女は上の甲板の手すりに立ち、風を避けるように襟を立てて、\
        遠ざかっていく町を見つめていた。緑青の尖塔をもつ教会、岸壁に沿って並ぶ色とりどりの家々\
        （青、黄色、色あせた桃色）、そして一九八七年に造船所が閉鎖されてから動かなくなったクレーン。\
        「そんなところにいたら風邪をひきますよ」と、すぐそばで声がした。ロープの束を肩にかけた、\
        十九歳くらいの甲板員の青年だった。「たぶんね」と彼女は言った。「でも、こちら側から町を\
        見るのは二十二年ぶりなの。だから、もう少しだけ見ていたいの」

        青年は、乗客の考えることなど自分には関係ないとでも言うように肩をすくめ、船尾のほうへ\
        歩いていった。彼女にはそれがありがたかった。この旅のことは、頭の中で何百回も思い描いて\
        きた。東京からの新幹線の中で、前の晩に泊まった旅館で、そして片道千四百五十円の切符を買う\
        ために並んだ窓口の列で。けれども、そのどの場面でも、彼女は誰とも話したいとは思わなかった。

        島が見えてきたのは八時十五分ごろだった。はじめは水平線の上の濃い線として、やがて岩と\
        ヒースに覆われた長く低い丘として、そして最後には、細部をもったひとつの場所として。灯台、\
        桟橋、赤い扉の白い小さな家。祖母の家だ。葬儀のあと、二〇〇三年に、静かな場所で物を書き\
        たいという夫婦に売られた。不動産屋の案内には「海の眺めがすばらしい、三部屋の趣ある物件。\
        一部改装が必要」と書かれていた。ものは言いようである。

        十一歳で離れた場所について、人は何を覚えているのだろう。思っているようなことではない。\
        家に部屋がいくつあったのか、台所が何色だったのか、裏に庭があったのかどうか、彼女には\
        答えられなかった。けれども、泥炭の火の匂いや、冬の夜に煙突の中で鳴る風の音、そして魚の\
        形をした真鍮のノッカーの重さは、はっきりと覚えていた。着いたときに一度だけ、それを持ち\
        上げて落とすことが許されていたのだ。祖母の手も覚えていた。大きくて、赤くて、いつも\
        何かをしていた。パンの生地をこね、網を繕い、食器棚の上に置かれた分厚い家族の聖書の\
        ページをめくっていた。見返しには百十二人分の誕生日が、六、七種類のインクで書きこまれていた。

        フェリーが速度を落とした。エンジンの音が変わり、低いうなりから震えるような響きになって、\
        船は桟橋に向かって大きく弧を描いた。岸壁では数人が待っていた。ベビーカーを押す女性、\
        オレンジ色の作業着の男が二人、そして誰の犬ともつかない一匹の犬。手描きの看板には\
        「ようこそ。ゴミはお持ち帰りください」とあり、その下に誰かが小さな字で「観光客も」と\
        書き足していた。

        彼女は思わず声を出して笑った。舳先でまたロープを巻いていた甲板員が、驚いたように顔を\
        上げた。「ごめんなさい」と彼女は言った。「ただ……何も変わっていないのね」。青年は初めて\
        にやりと笑った。「いや、何もかも変わりましたよ。今はネットも通じるんです。調子のいい日\
        なら30Mbpsも出る。それに、金曜日には食堂でヴィーガンのメニューもあるんですよ」。やがて\
        渡し板が音を立てて石の上に下ろされ、あとはもう船を降りるほかになかった。

        最初の一時間、彼女はただ歩いた。桟橋からの道は石垣のあいだを急な坂になって上っていき、\
        学校（閉校、窓には板が打ちつけてある）、郵便局（月・水・金の午前十時から午後一時まで）、\
        そして教会の前を通りすぎた。教会は記憶よりも小さく、ずっときれいに手入れされていた。\
        坂の上で息を整えようと立ち止まり、振り返ると、眼下に湾の全体が広がっていた。すでに\
        引き返していくフェリーは灰色の水面に残った白いひっかき傷のようで、その向こうには青く\
        かすんだ本土が見え、はるか南のほうでは、小さな町ほどもあるコンテナ船が、どこかの港へ\
        向かってゆっくりと進んでいた。

        家は、そこからさらに二キロほど先の小道の突き当たりにあった。道を覚えているだろうかと\
        心配していたが、頭が忘れていても足が覚えていた。蝶番の壊れた門で左へ、立石のところで\
        右へ、そして、ある夏にいとこの健二が長靴を片方なくし、本人の話によれば命まで落としかけた\
        湿地の横をまっすぐに。小道は昔より狭くなり、両側からヒースが迫っていたので、彼女は\
        わだちのあいだの草の帯の上を歩かなければならなかった。一度、ほとんど足もとから野うさぎが\
        飛び出し、耳を伏せて、右へ左へと跳ねながら荒れ野の向こうへ消えていった。

        そして最後の曲がり角を曲がったところで、彼女は立ち止まった。赤い扉は青くなっていた。\
        屋根には太陽光パネルが並び、妻壁にはパラボラアンテナがあり、横には新しい増築部分が\
        あって、そのガラスの壁はきっと崖の向こうの大西洋をまっすぐ見渡しているのだろう。壁には\
        自転車が立てかけてあった。家の中では誰かがピアノを弾いていた。あまり上手ではなかった。\
        サティの何かの同じ四小節を、毎回同じところで音を間違えながら、何度も何度も。彼女は長い\
        あいだ門のところに立って耳を傾け、そして、中には入らなかった。

        """
}
