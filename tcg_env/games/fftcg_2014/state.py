"""The state row of FF-TCG under the 2014 rules: FF-TCG 2016's row (``tcg_env.games.fftcg.state``),
every offset kept, then the words the 2014 rules add. The 2016 rules kernels, compiled for this
variant, read and write their words where they always did; the 2014 kernels also read these."""

from copy import deepcopy

from tcg_env.games.fftcg import state as S16
from tcg_env.games.fftcg.state import *  # noqa: F403  (FF-TCG 2016's offsets, kept)
from tcg_env.games.fftcg_2014.constants import N_SLOTS

LAYOUT = deepcopy(S16.LAYOUT)
LAYOUT.game = "fftcg_2014"
_a = LAYOUT.add

# per card slot; a card that moves forgets them (2014 CR 7.4: a new card), ``play.leave_field``
(EQUIPS, JUNCTIONED, OVERDRIVEN) = LAYOUT.add_records(N_SLOTS, [
    "equips",  # an Item on the field: 1 + the slot of the character it equips (0: none, 2014 CR 12.4.8)
    "junctioned",  # 1 + the slot of the Summon its Junction removed from the game (2014 CR 15.2.15.3)
    "overdriven",  # 1: played with its Overdrive paid (2014 CR 15.2.9.3)
])
X_W = 3  # the record width of the words above: element of card slot c at WORD + c * X_W
ASK = _a("ask")  # constants.Ask: what the pending OPTIONAL_EFFECT / CHOOSE_TARGET / DISCARD is about
ASK_ARG = _a("ask_arg")  # Ask.COMBINATION: the index of the named card asked about
PLAY_SLOT = _a("playing")  # 1 + the card being played while its optional costs are asked (0: none)
PLAY_STAGE = _a("playing_stage")  # the next question (play.STAGE_*)
PLAY_HAND = _a("playing_hand_index")  # its hand index (it stays in the hand while asked)
PLAY_EXTRA = _a("playing_extra_cp")  # CP the optional costs add (Overdrive) or take off (War God, Combination)
PLAY_OVERDRIVE = _a("playing_overdrive")  # 1: the Overdrive is paid with the cost
PLAY_TARGET = _a("playing_target")  # War God's character / the equipped character: 1 + slot, 0 none

STATE_SIZE = LAYOUT.size
