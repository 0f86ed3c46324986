#!/usr/bin/env python3
# generate-deck.py: draws the Hearts card deck as one SVG in the Aisleriot layout
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The deck is a 13 x 5 grid of cards: one row per suit (clubs, diamonds, hearts, spades), the
# ace in the first column and the king in the last; the fifth row holds joker_black, joker_red
# and back. Each card is a <g> with the Aisleriot id (club_1 ... club_10, club_jack, club_queen,
# club_king, likewise diamond_, heart_, spade_, then back, joker_black, joker_red), drawn inside
# its grid cell so that a renderer can place it by the cell alone.
#
# Only the Python standard library is used and the output is byte-for-byte reproducible, so
# that a test can regenerate the deck and compare it with the committed copy:
#
#   generate-deck.py -o hearts-deck.svg     write the deck
#   generate-deck.py --check hearts-deck.svg  exit 1 (with a TAP line) if it differs

import argparse
import sys

CARD_W = 240
CARD_H = 336
COLUMNS = 13
ROWS = 5

SUITS = ['club', 'diamond', 'heart', 'spade']
RANK_NAMES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'jack', 'queen', 'king']
RANK_GLYPHS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K']

# Colours from the GNOME palette, so the deck sits well in an Adwaita window.
RED = '#c01c28'
BLACK = '#241f31'
INK = '#241f31'
PAPER = '#ffffff'
EDGE = '#9a9996'
SKIN = '#fbdcc4'
GOLD = '#f6c445'
GOLD_DARK = '#c88800'
BLUE = '#1a5fb4'
BLUE_LIGHT = '#62a0ea'
CRIMSON = '#c01c28'
SILVER = '#deddda'
FRAME_TINT = '#fdf8ee'

SUIT_COLOR = {'club': BLACK, 'spade': BLACK, 'diamond': RED, 'heart': RED}

RADIUS = 14       # corner radius of a card
INDEX_X = 25      # centre of the corner index column
INDEX_TOP = 14
INDEX_H = 52      # height of the rank glyph in the corner
INDEX_PIP = 34    # height of the suit sign under it
PIP = 46          # height of a pip on 2 - 10

FRAME = (50, 22, 140, 292)   # court card frame: x, y, width, height


def num(v):
    """Short, stable number formatting."""
    v = round(v, 2)
    if v == int(v):
        return str(int(v))
    return ('%.2f' % v).rstrip('0')


# ---------------------------------------------------------------------------------------------
# Suit signs, drawn in a box centred on 0,0 that is 100 units tall.

SUIT_PATHS = {
    'heart':
        'M 0,46 C -9,32 -50,9 -50,-18 C -50,-37 -37,-48 -23,-48 '
        'C -11,-48 -3,-41 0,-31 C 3,-41 11,-48 23,-48 '
        'C 37,-48 50,-37 50,-18 C 50,9 9,32 0,46 Z',
    'diamond':
        'M 0,-50 C 9,-33 22,-15 38,0 C 22,15 9,33 0,50 '
        'C -9,33 -22,15 -38,0 C -22,-15 -9,-33 0,-50 Z',
    'spade':
        'M 0,-50 C 10,-34 50,-14 50,12 C 50,30 38,40 24,40 '
        'C 14,40 7,35 3,28 C 4,38 9,45 18,50 L -18,50 '
        'C -9,45 -4,38 -3,28 C -7,35 -14,40 -24,40 '
        'C -38,40 -50,30 -50,12 C -50,-14 -10,-34 0,-50 Z',
    'club':
        'M -3,22 C -7,30 -16,36 -27,36 C -41,36 -50,25 -50,12 '
        'C -50,-1 -40,-12 -27,-12 C -22,-12 -18,-11 -15,-9 '
        'C -20,-14 -23,-21 -23,-27 C -23,-40 -13,-50 0,-50 '
        'C 13,-50 23,-40 23,-27 C 23,-21 20,-14 15,-9 '
        'C 18,-11 22,-12 27,-12 C 40,-12 50,-1 50,12 '
        'C 50,25 41,36 27,36 C 16,36 7,30 3,22 '
        'C 4,35 9,44 18,50 L -18,50 C -9,44 -4,35 -3,22 Z',
}


def suit_def(suit):
    return '<path id="suit-%s" d="%s"/>' % (suit, SUIT_PATHS[suit])


def pip(suit, cx, cy, height, rotate=False, color=None):
    """A suit sign of the given height centred on cx, cy."""
    s = height / 100.0
    transform = 'translate(%s,%s) scale(%s)' % (num(cx), num(cy), num(s))
    if rotate:
        transform += ' rotate(180)'
    fill = color or SUIT_COLOR[suit]
    return '<use href="#suit-%s" transform="%s" fill="%s"/>' % (suit, transform, fill)


# ---------------------------------------------------------------------------------------------
# Rank glyphs: a bold monoline alphabet, 100 units tall, stroked with round ends so that it
# needs no font on the system that renders it.

GLYPH_STROKE = 13
GLYPHS = {
    'A': (60, 'M 6,94 L 30,6 L 54,94 M 14.5,64 L 45.5,64'),
    '2': (60, 'M 8,28 C 8,14 18,6 30,6 C 42,6 52,14 52,27 C 52,44 38,56 8,94 L 54,94'),
    '3': (60, 'M 8,16 C 13,9 21,6 30,6 C 42,6 51,13 51,26 C 51,39 42,47 28,47 '
              'C 44,47 54,56 54,70 C 54,85 43,94 30,94 C 20,94 12,90 6,83'),
    '4': (60, 'M 42,94 L 42,6 L 6,68 L 56,68'),
    '5': (60, 'M 50,6 L 14,6 L 10,46 C 16,41 23,39 30,39 C 44,39 54,50 54,66 '
              'C 54,83 43,94 29,94 C 19,94 11,90 6,84'),
    '6': (60, 'M 47,10 C 42,7 37,6 32,6 C 17,6 8,20 8,50 L 8,68 C 8,83 18,94 31,94 '
              'C 44,94 54,83 54,68 C 54,53 44,43 31,43 C 18,43 8,53 8,68'),
    '7': (60, 'M 6,6 L 54,6 C 40,30 31,58 26,94'),
    '8': (60, 'M 30,48 C 18,48 10,40 10,27 C 10,14 18,6 30,6 C 42,6 50,14 50,27 '
              'C 50,40 42,48 30,48 C 16,48 6,57 6,71 C 6,85 16,94 30,94 '
              'C 44,94 54,85 54,71 C 54,57 44,48 30,48 Z'),
    '9': (60, 'M 13,90 C 18,93 23,94 28,94 C 43,94 52,80 52,50 L 52,32 '
              'C 52,17 42,6 29,6 C 16,6 6,17 6,32 C 6,47 16,57 29,57 '
              'C 42,57 52,47 52,32'),
    '10': (74, 'M 6,20 L 19,7 L 19,94 M 52,6 C 62,6 68,24 68,50 C 68,76 62,94 52,94 '
               'C 42,94 36,76 36,50 C 36,24 42,6 52,6 Z'),
    'J': (60, 'M 24,6 L 50,6 M 44,6 L 44,70 C 44,85 37,94 26,94 C 15,94 8,86 8,75'),
    'Q': (60, 'M 30,6 C 44,6 54,22 54,47 C 54,72 44,88 30,88 C 16,88 6,72 6,47 '
              'C 6,22 16,6 30,6 Z M 33,72 L 54,95'),
    'K': (60, 'M 9,6 L 9,94 M 53,6 L 9,60 M 24,42 L 54,94'),
    'O': (60, 'M 30,6 C 44,6 54,22 54,50 C 54,78 44,94 30,94 C 16,94 6,78 6,50 '
              'C 6,22 16,6 30,6 Z'),
    'E': (56, 'M 50,6 L 9,6 L 9,94 L 50,94 M 9,50 L 42,50'),
    'R': (60, 'M 9,94 L 9,6 L 31,6 C 44,6 52,14 52,27 C 52,40 44,48 31,48 L 9,48 '
              'M 29,48 L 54,94'),
}


def glyph_def(name):
    return '<path id="glyph-%s" d="%s"/>' % (name, GLYPHS[name][1])


def glyph(name, cx, top, height, color):
    """A rank glyph, centred on cx, its box starting at top."""
    width, _ = GLYPHS[name]
    s = height / 100.0
    return ('<use href="#glyph-%s" transform="translate(%s,%s) scale(%s)" fill="none" '
            'stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round"/>'
            % (name, num(cx - width * s / 2), num(top), num(s), color, GLYPH_STROKE))


# ---------------------------------------------------------------------------------------------
# Card faces


def card_base():
    return ('<rect x="1" y="1" width="%d" height="%d" rx="%d" fill="%s" stroke="%s" '
            'stroke-width="1.5"/>' % (CARD_W - 2, CARD_H - 2, RADIUS, PAPER, EDGE))


def corner_index(text, suit, color):
    """The rank and suit in the top left corner, and turned around in the bottom right."""
    height = INDEX_H
    one = [glyph(text, INDEX_X, INDEX_TOP, height, color),
           pip(suit, INDEX_X, INDEX_TOP + height + 9 + INDEX_PIP / 2, INDEX_PIP, color=color)]
    return ('<g>%s</g><g transform="rotate(180 %s %s)">%s</g>'
            % (''.join(one), num(CARD_W / 2), num(CARD_H / 2), ''.join(one)))


# Pip positions on a 3 x 7 grid of the pip field: column 0 - 2, row 0 - 6 (row 3 is the
# middle of the card). The rows are fractions of the field so that 9 and 10 can use four
# evenly spaced rows and 6 - 8 three.
COLS = [74, 120, 166]
TOP = 64
BOTTOM = CARD_H - TOP
ROW4 = [TOP + i * (BOTTOM - TOP) / 3 for i in range(4)]
ROW3 = [TOP, CARD_H / 2, BOTTOM]

PIP_LAYOUTS = {
    2: [(1, ROW3[0]), (1, ROW3[2])],
    3: [(1, ROW3[0]), (1, ROW3[1]), (1, ROW3[2])],
    4: [(0, ROW3[0]), (2, ROW3[0]), (0, ROW3[2]), (2, ROW3[2])],
    5: [(0, ROW3[0]), (2, ROW3[0]), (1, ROW3[1]), (0, ROW3[2]), (2, ROW3[2])],
    6: [(c, r) for r in ROW3 for c in (0, 2)],
    7: [(c, r) for r in ROW3 for c in (0, 2)] + [(1, (ROW3[0] + ROW3[1]) / 2)],
    8: [(c, r) for r in ROW3 for c in (0, 2)] + [(1, (ROW3[0] + ROW3[1]) / 2),
                                                 (1, (ROW3[1] + ROW3[2]) / 2)],
    9: [(c, r) for r in ROW4 for c in (0, 2)] + [(1, CARD_H / 2)],
    10: [(c, r) for r in ROW4 for c in (0, 2)] + [(1, (ROW4[0] + ROW4[1]) / 2),
                                                  (1, (ROW4[2] + ROW4[3]) / 2)],
}


def pip_card(suit, n):
    out = []
    for col, y in PIP_LAYOUTS[n]:
        # Pips below the middle are upside down, as on a printed deck.
        out.append(pip(suit, COLS[col], y, PIP, rotate=y > CARD_H / 2 + 0.5))
    return ''.join(out)


def ace_card(suit):
    cx, cy = CARD_W / 2, CARD_H / 2
    if suit == 'spade':
        # The ace of spades carries the maker's flourish.
        return ('<circle cx="%s" cy="%s" r="78" fill="none" stroke="%s" stroke-width="2"/>'
                '<circle cx="%s" cy="%s" r="71" fill="none" stroke="%s" stroke-width="1"/>'
                '%s%s' % (num(cx), num(cy), BLACK, num(cx), num(cy), BLACK,
                          ace_rays(cx, cy), pip(suit, cx, cy + 2, 118)))
    return pip(suit, cx, cy, 128)


def ace_rays(cx, cy):
    out = []
    for i in range(24):
        out.append('<use href="#ray" transform="translate(%s,%s) rotate(%d)"/>'
                   % (num(cx), num(cy), i * 15))
    return ''.join(out)


# ---------------------------------------------------------------------------------------------
# Court cards: a double-headed bust in a frame, as on a traditional French deck but drawn
# in flat colours. Each figure is drawn in the top half of the frame (140 x 146 units, the
# middle of the card at the bottom edge) and repeated upside down.

HALF_W = FRAME[2]
HALF_H = FRAME[3] / 2

# Robe, trim and accent colours per suit.
PALETTES = {
    'club': (BLUE, GOLD, CRIMSON),
    'diamond': (CRIMSON, GOLD, BLUE),
    'heart': (CRIMSON, BLUE, GOLD),
    'spade': ('#3d3846', CRIMSON, GOLD),
}

LINE = 'stroke="%s" stroke-width="1.6" stroke-linejoin="round"' % INK


def shape(d, fill, extra=''):
    return '<path d="%s" fill="%s" %s %s/>' % (d, fill, LINE, extra)


def face(cx, cy, rx, ry, beard=False, lips=CRIMSON):
    out = ['<ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="%s" %s/>'
           % (num(cx), num(cy), num(rx), num(ry), SKIN, LINE)]
    ey = cy - ry * 0.1
    for dx in (-0.42, 0.42):
        out.append('<ellipse cx="%s" cy="%s" rx="2.3" ry="1.6" fill="%s"/>'
                   % (num(cx + dx * rx), num(ey), INK))
        out.append('<path d="M %s,%s q %s,-3 %s,0" fill="none" stroke="%s" stroke-width="1.2" '
                   'stroke-linecap="round"/>'
                   % (num(cx + dx * rx - 4), num(ey - 4.5), num(4), num(8), INK))
    out.append('<path d="M %s,%s l -2.5,8 l 3.5,0.5" fill="none" stroke="%s" stroke-width="1.2" '
               'stroke-linecap="round" stroke-linejoin="round"/>'
               % (num(cx + 0.5), num(ey + 1.5), INK))
    if not beard:
        out.append('<path d="M %s,%s q 4,3 8,0 q -4,1.5 -8,0 Z" fill="%s" stroke="%s" '
                   'stroke-width="1" stroke-linejoin="round"/>'
                   % (num(cx - 4), num(cy + ry * 0.52), lips, lips))
    return ''.join(out)


def king(suit):
    robe, trim, accent = PALETTES[suit]
    cx = HALF_W / 2
    out = []
    # Sword held upright behind the right shoulder.
    out.append(shape('M 113,12 L 118,22 L 118,104 L 108,104 L 108,22 Z', SILVER))
    out.append(shape('M 100,98 L 126,98 L 126,105 L 100,105 Z', GOLD))
    out.append(shape('M 109.5,105 L 116.5,105 L 116.5,122 L 109.5,122 Z', '#865e3c'))
    # Hair falling behind the face.
    out.append(shape('M 48,52 C 44,66 46,84 54,94 L 86,94 C 94,84 96,66 92,52 Z', '#e8e2d6'))
    # Robe with shoulders, an ermine collar and a panel bearing the suit.
    out.append(shape('M 4,146 L 4,126 C 4,108 22,98 44,95 L 96,95 C 118,98 136,108 136,126 '
                     'L 136,146 Z', robe))
    out.append(shape('M 52,104 L 88,104 L 94,146 L 46,146 Z', accent))
    out.append(shape('M 20,108 C 36,96 50,93 70,93 C 90,93 104,96 120,108 '
                     'C 104,116 88,118 70,118 C 52,118 36,116 20,108 Z', '#ffffff'))
    for x, y in ((34, 106), (50, 111), (70, 113), (90, 111), (106, 106), (60, 100), (80, 100)):
        out.append('<path d="M %d,%d l -1.6,4 l 1.6,-1.2 l 1.6,1.2 Z" fill="%s"/>' % (x, y - 2, INK))
    out.append('<circle cx="70" cy="132" r="10.5" fill="#ffffff" %s/>' % LINE)
    out.append(pip(suit, 70, 132, 14))
    # Face, beard and moustache.
    out.append(face(cx, 63, 16, 20, beard=True))
    out.append(shape('M 54,66 C 55,84 62,96 70,98 C 78,96 85,84 86,66 C 82,75 77,78 70,78 '
                     'C 63,78 58,75 54,66 Z', '#e8e2d6'))
    out.append(shape('M 59,76 C 63,71 67,72 70,74 C 73,72 77,71 81,76 C 77,77 73,77 70,76 '
                     'C 67,77 63,77 59,76 Z', '#e8e2d6'))
    # Crown.
    out.append(shape('M 51,48 L 50,24 L 60,34 L 70,16 L 80,34 L 90,24 L 89,48 Z', GOLD))
    out.append(shape('M 50,41 L 90,41 L 89,48 L 51,48 Z', GOLD_DARK))
    for x, colour in ((58, BLUE), (70, CRIMSON), (82, BLUE)):
        out.append('<circle cx="%d" cy="44.5" r="2.4" fill="%s"/>' % (x, colour))
    for x, y in ((50, 24), (70, 16), (90, 24)):
        out.append('<circle cx="%d" cy="%d" r="3" fill="%s" %s/>' % (x, y, GOLD, LINE))
    # The suit, small, in the upper corner of the frame.
    out.append(pip(suit, 20, 20, 22))
    return ''.join(out)


def queen(suit):
    robe, trim, accent = PALETTES[suit]
    cx = HALF_W / 2
    dark = suit == 'spade'
    hair = '#63452c' if dark else '#e5a50a'
    out = []
    # A flower held up on the left.
    out.append('<path d="M 26,120 C 22,96 24,70 28,46" fill="none" stroke="#26a269" '
               'stroke-width="3" stroke-linecap="round"/>')
    out.append(shape('M 27,78 C 16,74 12,66 14,60 C 22,62 27,70 27,78 Z', '#2ec27e'))
    for a in range(5):
        out.append('<ellipse cx="28" cy="34" rx="5.5" ry="9" fill="%s" %s '
                   'transform="rotate(%d 28 43)"/>' % (accent if accent != GOLD else CRIMSON,
                                                       LINE, a * 72))
    out.append('<circle cx="28" cy="43" r="4" fill="%s" %s/>' % (GOLD, LINE))
    # Long hair behind the face.
    out.append(shape('M 50,50 C 42,70 44,96 36,112 L 104,112 C 96,96 98,70 90,50 '
                     'C 86,34 54,34 50,50 Z', hair))
    # Gown with a low neckline, a necklace and the suit on a brooch.
    out.append(shape('M 10,146 L 10,128 C 10,112 30,104 48,102 L 92,102 C 110,104 130,112 '
                     '130,128 L 130,146 Z', robe))
    out.append(shape('M 54,102 C 58,120 82,120 86,102 Z', SKIN))
    out.append(shape('M 40,124 C 54,132 86,132 100,124 L 102,146 L 38,146 Z', trim))
    for i in range(7):
        t = i / 6.0
        x = 57 + 26 * t
        y = 106 + 8 * (1 - (2 * t - 1) ** 2)
        out.append('<circle cx="%s" cy="%s" r="1.8" fill="#ffffff" stroke="%s" '
                   'stroke-width="0.8"/>' % (num(x), num(y), INK))
    out.append('<circle cx="70" cy="136" r="9.5" fill="#ffffff" %s/>' % LINE)
    out.append(pip(suit, 70, 136, 12.5))
    # Neck and face.
    out.append(shape('M 63,82 L 77,82 L 78,104 L 62,104 Z', SKIN))
    out.append(face(cx, 64, 15, 19))
    # Fringe, then a diadem.
    out.append(shape('M 55,58 C 56,46 63,42 70,44 C 77,42 84,46 85,58 C 80,52 74,50 70,52 '
                     'C 66,50 60,52 55,58 Z', hair))
    out.append(shape('M 53,46 L 53,38 C 60,30 80,30 87,38 L 87,46 C 80,41 60,41 53,46 Z', GOLD))
    for x, y in ((53, 37), (70, 28), (87, 37)):
        out.append('<circle cx="%d" cy="%d" r="3" fill="%s" %s/>' % (x, y, GOLD, LINE))
    out.append(pip(suit, 70, 38, 8, color=CRIMSON if SUIT_COLOR[suit] == RED else INK))
    out.append(pip(suit, 118, 20, 22))
    return ''.join(out)


def jack(suit):
    robe, trim, accent = PALETTES[suit]
    cx = HALF_W / 2
    out = []
    # A halberd on the right.
    out.append('<path d="M 114,130 L 114,22" fill="none" stroke="%s" stroke-width="5" '
               'stroke-linecap="round"/>' % '#865e3c')
    out.append(shape('M 114,6 L 119,20 L 114,26 L 109,20 Z', SILVER))
    out.append(shape('M 114,30 C 124,26 132,30 134,38 C 126,38 120,40 114,44 Z', SILVER))
    # Hair to the jaw.
    out.append(shape('M 52,50 C 46,64 48,80 52,88 L 62,84 L 78,84 L 88,88 C 92,80 94,64 88,50 Z',
                     '#865e3c'))
    # Doublet with a collar and a sash holding the suit.
    out.append(shape('M 8,146 L 8,126 C 8,108 28,98 48,96 L 92,96 C 112,98 132,108 132,126 '
                     'L 132,146 Z', robe))
    out.append(shape('M 40,146 L 100,98 L 112,106 L 58,146 Z', trim))
    out.append(shape('M 50,96 L 90,96 L 84,108 L 70,102 L 56,108 Z', '#ffffff'))
    out.append('<circle cx="74" cy="126" r="9.5" fill="#ffffff" %s/>' % LINE)
    out.append(pip(suit, 74, 126, 12.5))
    out.append(shape('M 63,82 L 77,82 L 77,98 L 63,98 Z', SKIN))
    out.append(face(cx, 66, 15, 19))
    # Feathered cap.
    out.append(shape('M 92,40 C 104,28 116,18 130,14 C 122,24 112,34 98,44 Z', accent))
    out.append(shape('M 48,52 C 46,36 58,28 72,28 C 88,28 98,38 94,52 C 82,46 60,46 48,52 Z',
                     accent if accent != GOLD else BLUE))
    out.append(shape('M 46,52 C 60,44 82,44 96,52 L 95,57 C 82,50 60,50 47,57 Z', trim))
    out.append(pip(suit, 22, 20, 22))
    return ''.join(out)


COURTS = {'jack': jack, 'queen': queen, 'king': king}


def court_card(suit, rank):
    x, y, w, h = FRAME
    color = SUIT_COLOR[suit]
    ref = 'court-%s-%s' % (rank, suit)
    return ('<rect x="%s" y="%s" width="%s" height="%s" rx="4" fill="%s"/>'
            '<use href="#%s" transform="translate(%s,%s)"/>'
            '<use href="#%s" transform="rotate(180 %s %s) translate(%s,%s)"/>'
            '<path d="M %s,%s L %s,%s" stroke="%s" stroke-width="1.5"/>'
            '<rect x="%s" y="%s" width="%s" height="%s" rx="4" fill="none" stroke="%s" '
            'stroke-width="2.5"/>'
            % (x, y, w, h, FRAME_TINT,
               ref, x, y,
               ref, num(CARD_W / 2), num(CARD_H / 2), x, y,
               x, num(CARD_H / 2), x + w, num(CARD_H / 2), color,
               x, y, w, h, color))


def court_def(suit, rank):
    x, y, w, h = FRAME
    return ('<g id="court-%s-%s" clip-path="url(#half-frame)">%s</g>'
            % (rank, suit, COURTS[rank](suit)))


# ---------------------------------------------------------------------------------------------
# Back and jokers

BACK_BLUE = '#1c71d8'
BACK_DARK = '#1a5fb4'
BACK_LIGHT = '#3584e4'


def back_defs():
    # Explicit shapes rather than a <pattern>: librsvg 2.54 fails to draw some patterns at
    # some scales, and a texture must never come out blank.
    x0, y0, w, h = 12, 12, CARD_W - 24, CARD_H - 24
    tile = 24
    diamonds = []
    hearts = []
    for row in range(h // tile + 1):
        for col in range(w // tile + 1):
            cx = x0 + col * tile
            cy = y0 + row * tile
            for dx, dy in ((0, 0), (tile / 2, tile / 2)):
                x, y = cx + dx, cy + dy
                if x > x0 + w or y > y0 + h:
                    continue
                diamonds.append('M %s,%s l 10.5,-10.5 l 10.5,10.5 l -10.5,10.5 Z'
                                % (num(x - 10.5), num(y)))
                if dx == 0:
                    hearts.append('<use href="#suit-heart" transform="translate(%s,%s) '
                                  'scale(0.09)"/>' % (num(x), num(y + 0.5)))
    return ('<clipPath id="back-clip"><rect x="%d" y="%d" width="%d" height="%d" rx="8"/>'
            '</clipPath>\n'
            '<g id="back-lattice">'
            '<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>'
            '<path d="%s" fill="%s"/>'
            '<g fill="%s">%s</g>'
            '</g>'
            % (x0, y0, w, h, x0, y0, w, h, BACK_DARK, ' '.join(diamonds), BACK_BLUE,
               '#99c1f1', ''.join(hearts)))


def back_card():
    cx, cy = CARD_W / 2, CARD_H / 2
    return ('%s'
            '<g clip-path="url(#back-clip)"><use href="#back-lattice"/></g>'
            '<rect x="18" y="18" width="%d" height="%d" rx="5" fill="none" stroke="#ffffff" '
            'stroke-width="2"/>'
            '<ellipse cx="%s" cy="%s" rx="52" ry="64" fill="%s" stroke="#ffffff" '
            'stroke-width="3"/>'
            '<ellipse cx="%s" cy="%s" rx="45" ry="57" fill="none" stroke="#99c1f1" '
            'stroke-width="1.5"/>'
            '%s'
            % (card_base(), CARD_W - 36, CARD_H - 36,
               num(cx), num(cy), BACK_DARK, num(cx), num(cy),
               pip('heart', cx, cy + 2, 62, color='#ffffff')))


def joker_card(color):
    cx = CARD_W / 2
    other = BLUE if color == RED else CRIMSON
    out = [card_base()]
    for i, letter in enumerate('JOKER'):
        out.append(glyph(letter, INDEX_X, 16 + i * 30, 24, color))
    out[-5:] = ['<g>%s</g><g transform="rotate(180 %s %s)">%s</g>'
                % (''.join(out[-5:]), num(CARD_W / 2), num(CARD_H / 2), ''.join(out[-5:]))]
    # A jester's cap with three bells.
    out.append(shape('M 60,214 C 62,170 50,130 30,112 C 62,110 90,130 104,160 '
                     'C 104,120 112,92 120,72 C 128,92 136,120 136,160 C 150,130 178,110 210,112 '
                     'C 190,130 178,170 180,214 Z', color))
    out.append(shape('M 104,160 C 110,178 130,178 136,160 C 140,180 150,200 180,214 L 60,214 '
                     'C 90,200 100,180 104,160 Z', other))
    out.append(shape('M 56,210 L 184,210 L 184,232 L 56,232 Z', GOLD))
    for x, y in ((30, 112), (120, 72), (210, 112)):
        out.append('<circle cx="%d" cy="%d" r="9" fill="%s" %s/>' % (x, y, GOLD, LINE))
    for x in range(70, 180, 16):
        out.append('<circle cx="%d" cy="221" r="3" fill="%s"/>' % (x, other))
    out.append(face(cx, 262, 22, 26))
    out.append(shape('M 98,240 C 104,232 136,232 142,240 L 142,234 L 98,234 Z', color))
    return ''.join(out)


# ---------------------------------------------------------------------------------------------

def card(x, y, ident, body):
    return ('<g id="%s" transform="translate(%d,%d)">%s</g>\n'
            % (ident, x * CARD_W, y * CARD_H, body))


def generate():
    out = []
    width, height = CARD_W * COLUMNS, CARD_H * ROWS
    out.append('<?xml version="1.0" encoding="UTF-8"?>\n')
    out.append('<!-- Hearts card deck, generated by generate-deck.py: edit the script, '
               'not this file.\n     SPDX-License-Identifier: GPL-3.0-or-later -->\n')
    out.append('<svg xmlns="http://www.w3.org/2000/svg" '
               'xmlns:xlink="http://www.w3.org/1999/xlink" '
               'width="%d" height="%d" viewBox="0 0 %d %d">\n' % (width, height, width, height))
    out.append('<defs>\n')
    for suit in SUITS:
        out.append(suit_def(suit) + '\n')
    for name in GLYPHS:
        out.append(glyph_def(name) + '\n')
    out.append('<path id="ray" d="M -2,-58 L 0,-68 L 2,-58 Z" fill="%s"/>\n' % BLACK)
    out.append('<clipPath id="half-frame"><rect width="%s" height="%s"/></clipPath>\n'
               % (num(HALF_W), num(HALF_H)))
    out.append(back_defs() + '\n')
    for suit in SUITS:
        for rank in ('jack', 'queen', 'king'):
            out.append(court_def(suit, rank) + '\n')
    out.append('</defs>\n')

    for row, suit in enumerate(SUITS):
        color = SUIT_COLOR[suit]
        for col, rank in enumerate(RANK_NAMES):
            body = [card_base(), corner_index(RANK_GLYPHS[col], suit, color)]
            if col == 0:
                body.append(ace_card(suit))
            elif col < 10:
                body.append(pip_card(suit, col + 1))
            else:
                body.append(court_card(suit, rank))
            out.append(card(col, row, '%s_%s' % (suit, rank), ''.join(body)))
    out.append(card(0, 4, 'joker_black', joker_card(BLACK)))
    out.append(card(1, 4, 'joker_red', joker_card(RED)))
    out.append(card(2, 4, 'back', back_card()))
    out.append('</svg>\n')
    return ''.join(out)


def main():
    parser = argparse.ArgumentParser(description='Draw the Hearts card deck.')
    parser.add_argument('-o', '--output', help='file to write (default: standard output)')
    parser.add_argument('--check', metavar='FILE',
                        help='compare FILE with a fresh deck, report as TAP')
    args = parser.parse_args()
    deck = generate()

    if args.check:
        with open(args.check, encoding='utf-8') as f:
            committed = f.read()
        print('1..1')
        if committed == deck:
            print('ok 1 - %s matches generate-deck.py' % args.check)
            return 0
        print('not ok 1 - %s differs from generate-deck.py; regenerate it' % args.check)
        return 1

    if args.output:
        with open(args.output, 'w', encoding='utf-8') as f:
            f.write(deck)
    else:
        sys.stdout.write(deck)
    return 0


if __name__ == '__main__':
    sys.exit(main())
