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
import math
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
PIP = 43          # height of a pip on 2 - 10

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


def place_path(d, scale, dx, dy):
    """A suit path scaled and moved, for shapes repeated so often that a <use> each would
    slow the rendering down. The paths above use absolute M, C, L and Z only."""
    out = []
    for token in d.split():
        if ',' in token:
            x, y = token.split(',')
            out.append('%s,%s' % (num(float(x) * scale + dx), num(float(y) * scale + dy)))
        else:
            out.append(token)
    return ' '.join(out)


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


def glyph(name, cx, top, height, color, stroke=GLYPH_STROKE):
    """A rank glyph, centred on cx, its box starting at top."""
    width, _ = GLYPHS[name]
    s = height / 100.0
    return ('<use href="#glyph-%s" transform="translate(%s,%s) scale(%s)" fill="none" '
            'stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round"/>'
            % (name, num(cx - width * s / 2), num(top), num(s), color, stroke))


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
        # The ace of spades carries the maker's flourish: a laurel wreath.
        return wreath(cx, cy + 4, 84) + pip(suit, cx, cy, 112)
    return pip(suit, cx, cy, 128)


def wreath(cx, cy, r):
    """Two laurel branches growing up round a circle from a bow at the bottom."""

    def point(side, deg):
        # deg runs from 0 at the bottom to 180 at the top, on either side.
        a = math.radians(90 + side * deg)
        return cx + r * math.cos(a), cy + r * math.sin(a)

    leaves = []
    stems = []
    start, end, steps = 14, 150, 10
    for side in (-1, 1):
        x0, y0 = point(side, start)
        x1, y1 = point(side, end)
        stems.append('M %s,%s A %s,%s 0 0 %d %s,%s'
                     % (num(x0), num(y0), num(r), num(r), 1 if side > 0 else 0, num(x1), num(y1)))
        for i in range(steps):
            deg = start + 6 + (end - start - 6) * i / (steps - 1.0)
            px, py = point(side, deg)
            qx, qy = point(side, deg + 1)
            growth = math.degrees(math.atan2(qy - py, qx - px))
            size = 1.0 - 0.4 * i / (steps - 1.0)
            for k in (-1, 1):
                leaves.append('<ellipse cx="0" cy="-8" rx="%s" ry="%s" '
                              'transform="translate(%s,%s) rotate(%s)"/>'
                              % (num(3.8 * size), num(9 * size), num(px), num(py),
                                 num(growth + 90 + k * 38)))
        qx, qy = point(side, end + 1)
        growth = math.degrees(math.atan2(qy - y1, qx - x1))
        leaves.append('<ellipse cx="0" cy="-6" rx="3" ry="7" transform="translate(%s,%s) '
                      'rotate(%s)"/>' % (num(x1), num(y1), num(growth + 90)))
    bx, by = cx, cy + r
    bow = ('<path d="M %s,%s c -10,-8 -18,-6 -18,0 c 0,6 8,8 18,0 c 10,-8 18,-6 18,0 '
           'c 0,6 -8,8 -18,0 Z"/>'
           '<path d="M %s,%s l -9,13 l 5,1 l 4,-8 l 4,8 l 5,-1 Z"/>'
           % (num(bx), num(by), num(bx), num(by)))
    return ('<g fill="%s"><path d="%s" fill="none" stroke="%s" stroke-width="2.2" '
            'stroke-linecap="round"/>%s%s</g>'
            % (BLACK, ' '.join(stems), BLACK, ''.join(leaves), bow))


# ---------------------------------------------------------------------------------------------
# Court cards: a double-headed bust in a frame, as on a traditional French deck but drawn
# flat, with a dark outline. Each figure is drawn in the top half of the frame (140 x 146
# units, the middle of the card along its bottom edge) and repeated upside down.

HALF_W = FRAME[2]
HALF_H = FRAME[3] / 2

# Per suit: robe, second colour, the king's beard, the queen's and jack's hair. The suits
# differ so that a glance at the picture tells them apart.
PALETTES = {
    'club': (BLUE, CRIMSON, '#865e3c', '#63452c'),
    'diamond': (CRIMSON, BLUE, '#deddda', '#e5a50a'),
    'heart': (CRIMSON, GOLD, '#e66100', '#e66100'),
    'spade': ('#3d3846', CRIMSON, '#77767b', '#241f31'),
}
# The queen of spades is the card of the game: she dresses apart.
QUEEN_OF_SPADES = ('#613583', GOLD, None, '#241f31')
WHITE = '#ffffff'
WOOD = '#865e3c'
ROSE = '#f66151'
CHEEK = '#f9a590'   # ROSE at 45% over SKIN
LEAF = '#26a269'

LINE = 'stroke="%s" stroke-width="1.6" stroke-linejoin="round"' % INK


def shape(d, fill, extra=''):
    return '<path d="%s" fill="%s" %s %s/>' % (d, fill, LINE, extra)


def line(d, width=1.2, color=INK):
    return ('<path d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round" '
            'stroke-linejoin="round"/>' % (d, color, num(width)))


def dot(cx, cy, r, fill, outline=True):
    return ('<circle cx="%s" cy="%s" r="%s" fill="%s"%s/>'
            % (num(cx), num(cy), num(r), fill, (' ' + LINE) if outline else ''))


def face(cx, cy, rx, ry, lips=True, lashes=False):
    out = ['<ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="%s" %s/>'
           % (num(cx), num(cy), num(rx), num(ry), SKIN, LINE)]
    ey = cy - ry * 0.08
    for side in (-1, 1):
        ex = cx + side * rx * 0.42
        out.append('<ellipse cx="%s" cy="%s" rx="2.6" ry="1.9" fill="%s"/>'
                   % (num(ex), num(ey), INK))
        out.append(line('M %s,%s q %s,-3.5 %s,-1' % (num(ex - side * 4.5), num(ey - 4),
                                                       num(side * 5), num(side * 9.5))))
        if lashes:
            out.append(line('M %s,%s l %s,-2' % (num(ex + side * 2.6), num(ey - 0.5),
                                                  num(side * 1.8)), 0.9))
        # Cheeks.
        # Solid rather than translucent: opacity costs librsvg an offscreen surface.
        out.append('<circle cx="%s" cy="%s" r="3.6" fill="%s"/>'
                   % (num(cx + side * rx * 0.55), num(cy + ry * 0.28), CHEEK))
    out.append(line('M %s,%s c -1,4 -2.5,6.5 -3.2,8.5 c 1.5,0.8 3,0.8 4.2,0.2'
                    % (num(cx + 0.5), num(ey + 2))))
    if lips:
        out.append('<path d="M %s,%s q 5,-2 10,0 q -5,4 -10,0 Z" fill="%s"/>'
                   % (num(cx - 5), num(cy + ry * 0.5), CRIMSON))
    return ''.join(out)


def hand(cx, cy, angle=0):
    return ('<ellipse cx="%s" cy="%s" rx="7.5" ry="6" fill="%s" %s transform="rotate(%d %s %s)"/>'
            % (num(cx), num(cy), SKIN, LINE, angle, num(cx), num(cy)))


def ermine(points):
    return ''.join('<path d="M %s,%s c -1,2 -2,4 -2.2,5.5 l 2.2,-1.4 l 2.2,1.4 '
                   'c -0.2,-1.5 -1.2,-3.5 -2.2,-5.5 Z" fill="%s"/>' % (num(x), num(y), INK)
                   for x, y in points)


def shield(suit, cx, top, width, height, color):
    w, h = width / 2, height
    d = ('M %s,%s L %s,%s L %s,%s C %s,%s %s,%s %s,%s C %s,%s %s,%s %s,%s Z'
         % (num(cx - w), num(top), num(cx + w), num(top), num(cx + w), num(top + h * 0.45),
            num(cx + w), num(top + h * 0.75), num(cx + w * 0.4), num(top + h * 0.9),
            num(cx), num(top + h),
            num(cx - w * 0.4), num(top + h * 0.9), num(cx - w), num(top + h * 0.75),
            num(cx - w), num(top + h * 0.45)))
    return (shape(d, color) +
            pip(suit, cx, top + h * 0.43, min(width, height) * 0.55))


def king(suit):
    robe, second, beard, _ = PALETTES[suit]
    out = []
    # Sword, upright in the right hand beside the head.
    out.append(shape('M 110,6 L 115.5,17 L 115.5,100 L 104.5,100 L 104.5,17 Z', SILVER))
    out.append(line('M 110,18 L 110,96', 1, '#9a9996'))
    out.append(shape('M 92,100 L 128,100 L 128,107 L 92,107 Z', GOLD))
    out.append(dot(92, 103.5, 4, GOLD) + dot(128, 103.5, 4, GOLD))
    out.append(shape('M 106.5,107 L 113.5,107 L 113.5,122 L 106.5,122 Z', WOOD))
    # Robe, with a panel down the front.
    out.append(shape('M 3,146 L 3,124 C 3,108 16,99 34,95 L 56,90 L 84,90 L 106,95 '
                     'C 124,99 137,108 137,124 L 137,146 Z', robe))
    out.append(shape('M 57,100 L 83,100 L 90,146 L 50,146 Z', second))
    for y in (112, 124, 136):
        out.append('<path d="M 70,%d l 4,5 l -4,5 l -4,-5 Z" fill="%s" %s/>' % (y - 5, GOLD, LINE))
    # Ermine cape over the shoulders.
    out.append(shape('M 6,118 C 12,102 28,95 50,90 L 70,106 L 90,90 C 112,95 128,102 134,118 '
                     'C 120,113 104,114 92,118 L 70,124 L 48,118 C 36,114 20,113 6,118 Z',
                     WHITE))
    out.append(ermine([(22, 106), (36, 101), (50, 109), (60, 114), (80, 114), (90, 109),
                       (104, 101), (118, 106), (31, 111.5), (109, 111.5)]))
    # The hand on the sword, and a shield bearing the suit in the other.
    out.append(shape('M 98,146 C 98,132 100,124 104,120 L 118,120 C 122,126 124,136 124,146 Z',
                     second))
    out.append(hand(110, 117))
    out.append(shield(suit, 30, 114, 32, 32, WHITE))
    # Hair, face, beard, moustache.
    out.append(shape('M 50,44 C 46,56 47,68 52,76 L 88,76 C 93,68 94,56 90,44 Z', beard))
    out.append(face(70, 56, 18, 22, lips=False))
    out.append(shape('M 52,60 C 52,80 60,94 70,98 C 80,94 88,80 88,60 C 84,70 78,73 70,73 '
                     'C 62,73 56,70 52,60 Z', beard))
    out.append(shape('M 58,71 C 62,66 67,66 70,69 C 73,66 78,66 82,71 C 78,73 74,73 70,71.5 '
                     'C 66,73 62,73 58,71 Z', beard))
    out.append('<path d="M 66.5,76 q 3.5,2 7,0" fill="none" stroke="%s" stroke-width="1.6" '
               'stroke-linecap="round"/>' % CRIMSON)
    # Crown.
    out.append(shape('M 50,40 L 48,16 L 59,27 L 70,8 L 81,27 L 92,16 L 90,40 Z', GOLD))
    out.append(shape('M 49,32 L 91,32 L 90,41 L 50,41 Z', GOLD_DARK))
    for x, colour in ((57, BLUE), (70, CRIMSON), (83, BLUE)):
        out.append(dot(x, 36.5, 2.6, colour, outline=False))
    for x, y in ((48, 16), (70, 8), (92, 16)):
        out.append(dot(x, y, 3.2, GOLD))
    out.append(pip(suit, 20, 20, 22))
    return ''.join(out)


def queen(suit):
    robe, second, _, hair = QUEEN_OF_SPADES if suit == 'spade' else PALETTES[suit]
    out = []
    # Long hair, behind everything else.
    out.append(shape('M 50,40 C 40,60 44,86 34,108 C 50,114 90,114 106,108 C 96,86 100,60 90,40 '
                     'C 84,26 56,26 50,40 Z', hair))
    # Gown with a low neckline edged with lace.
    out.append(shape('M 6,146 L 6,126 C 6,110 24,101 44,98 L 96,98 C 116,101 134,110 134,126 '
                     'L 134,146 Z', robe))
    out.append(shape('M 54,98 L 86,98 L 94,146 L 46,146 Z', second))
    for y in (116, 126, 136):
        out.append(line('M 62,%d L 78,%d M 62,%d L 78,%d' % (y - 4, y + 4, y + 4, y - 4), 1.4))
    out.append(shape('M 63,82 L 77,82 L 78,100 L 62,100 Z', SKIN))
    out.append(shape('M 50,98 C 54,114 86,114 90,98 Z', SKIN))
    for i in range(9):
        t = i / 8.0
        x = 50 + 40 * t
        y = 98 + 14.5 * (1 - (2 * t - 1) ** 2)
        out.append(dot(x, y + 1.5, 2.6, WHITE))
    # Necklace with the suit as a pendant.
    for i in range(7):
        t = i / 6.0
        out.append(dot(58 + 24 * t, 100 + 7 * (1 - (2 * t - 1) ** 2), 1.5, GOLD, outline=False))
    out.append(dot(70, 110.5, 4.2, WHITE))
    out.append(pip(suit, 70, 110.5, 6))
    # A rose, held up in her right hand.
    out.append(line('M 36,118 C 32,98 28,72 28,44', 2.6, LEAF))
    out.append(shape('M 30,78 C 20,76 14,68 15,62 C 24,62 30,70 30,78 Z', '#33d17a'))
    out.append(shape('M 29,94 C 38,92 44,86 44,80 C 36,80 30,86 29,94 Z', '#33d17a'))
    out.append(shape('M 12,130 C 12,122 22,116 30,116 L 44,118 C 46,126 44,136 40,146 L 12,146 Z',
                     robe))
    for a in range(5):
        out.append('<ellipse cx="28" cy="33" rx="6" ry="9" fill="%s" %s '
                   'transform="rotate(%d 28 42)"/>' % (ROSE if robe != CRIMSON else '#f9f06b',
                                                       LINE, a * 72 + 36))
    out.append(dot(28, 42, 4.5, CRIMSON if robe != CRIMSON else GOLD_DARK))
    out.append(hand(36, 116, -30))
    # Face, fringe and a diadem.
    out.append(face(70, 58, 16, 20, lashes=True))
    out.append(shape('M 54,54 C 54,42 62,37 70,39 C 78,37 86,42 86,54 C 80,47 75,45 70,47 '
                     'C 65,45 60,47 54,54 Z', hair))
    out.append(shape('M 52,42 L 51,30 L 58,35 L 64,25 L 70,32 L 76,25 L 82,35 L 89,30 L 88,42 '
                     'C 78,37 62,37 52,42 Z', GOLD))
    for x, y in ((51, 30), (64, 25), (76, 25), (89, 30)):
        out.append(dot(x, y, 2.4, GOLD))
    out.append(pip(suit, 70, 37, 7.5, color=CRIMSON if SUIT_COLOR[suit] == RED else INK))
    out.append(pip(suit, 120, 20, 22))
    return ''.join(out)


def jack(suit):
    robe, second, _, hair = PALETTES[suit]
    out = []
    # Halberd, held in the left hand.
    out.append(shape('M 110,18 L 114,18 L 114,146 L 110,146 Z', WOOD))
    out.append(shape('M 112,2 L 117,16 L 112,22 L 107,16 Z', SILVER))
    out.append(shape('M 114,24 C 124,20 134,24 136,34 C 128,34 120,38 114,42 Z', SILVER))
    out.append(shape('M 110,26 L 100,30 L 110,34 Z', SILVER))
    # Hair to the jaw.
    out.append(shape('M 51,46 C 45,60 47,76 52,84 L 88,84 C 93,76 95,60 89,46 Z', hair))
    # Doublet with slashed sleeves, a sash, and a ruff.
    out.append(shape('M 5,146 L 5,124 C 5,106 24,98 44,95 L 96,95 C 116,98 135,106 135,124 '
                     'L 135,146 Z', robe))
    for x in (16, 26, 114, 124):
        out.append(line('M %d,%d L %d,146' % (x, 108 if x in (16, 124) else 101, x), 3.2, second))
    out.append(shape('M 38,146 L 102,100 L 110,110 L 56,146 Z', GOLD))
    out.append(dot(64, 126, 9.5, WHITE))
    out.append(pip(suit, 64, 126, 12.5))
    out.append(shape('M 63,80 L 77,80 L 77,96 L 63,96 Z', SKIN))
    for i in range(7):
        x = 52 + i * 6
        out.append('<ellipse cx="%d" cy="96" rx="4" ry="5.5" fill="%s" %s/>' % (x, WHITE, LINE))
    out.append(shape('M 104,146 C 102,134 104,126 106,122 L 120,122 C 122,128 122,138 120,146 Z',
                     second))
    out.append(hand(112, 119, 10))
    out.append(face(70, 62, 15, 19, lips=False))
    out.append('<path d="M 65.5,73.5 q 4.5,2.5 9,0" fill="none" stroke="%s" stroke-width="1.6" '
               'stroke-linecap="round"/>' % CRIMSON)
    # Beret with a feather.
    out.append(shape('M 84,36 C 96,22 110,14 126,12 C 118,22 106,32 92,42 Z', WHITE))
    out.append(line('M 88,39 C 100,28 112,19 124,14', 1))
    out.append(shape('M 46,50 C 40,34 56,26 72,26 C 90,26 102,36 94,50 C 80,44 60,44 46,50 Z',
                     second))
    out.append(shape('M 45,50 C 60,42 80,42 95,50 L 94,56 C 80,49 60,49 46,56 Z', GOLD))
    out.append(dot(70, 45.5, 2.6, robe, outline=False))
    out.append(pip(suit, 20, 20, 22))
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
    return ('<g id="court-%s-%s" clip-path="url(#half-frame)">%s</g>'
            % (rank, suit, COURTS[rank](suit)))


# ---------------------------------------------------------------------------------------------
# Back and jokers

BACK_BLUE = '#1c71d8'
BACK_DARK = '#1a5fb4'
BACK_LIGHT = '#3584e4'


def rounded_rect(x, y, w, h, r):
    return ('M %s,%s h %s a %s,%s 0 0 1 %s,%s v %s a %s,%s 0 0 1 %s,%s h %s '
            'a %s,%s 0 0 1 %s,%s v %s a %s,%s 0 0 1 %s,%s Z'
            % (num(x + r), num(y), num(w - 2 * r), r, r, r, r, num(h - 2 * r), r, r, -r, r,
               num(-(w - 2 * r)), r, r, -r, -r, num(-(h - 2 * r)), r, r, r, -r))


def back_defs():
    # Explicit shapes rather than a <pattern>, which some renderers get wrong at small scales.
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
                    hearts.append(place_path(SUIT_PATHS['heart'], 0.09, x, y + 0.5))
    return ('<g id="back-lattice">'
            '<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>'
            '<path d="%s" fill="%s"/>'
            '<path d="%s" fill="%s"/>'
            '<path d="%s %s" fill="%s" fill-rule="evenodd"/>'
            '</g>'
            % (x0, y0, w, h, BACK_DARK, ' '.join(diamonds), BACK_BLUE,
               ' '.join(hearts), '#99c1f1',
               # Paper over what sticks out of the inner rounded rectangle: cheaper
               # than a clip, which renders through an offscreen surface.
               rounded_rect(1.75, 1.75, CARD_W - 3.5, CARD_H - 3.5, RADIUS - 1.25),
               rounded_rect(x0, y0, w, h, 8), PAPER))


def back_card():
    cx, cy = CARD_W / 2, CARD_H / 2
    return ('%s'
            '<use href="#back-lattice"/>'
            '<rect x="1" y="1" width="%d" height="%d" rx="%d" fill="none" stroke="%s" '
            'stroke-width="1.5"/>'
            '<rect x="18" y="18" width="%d" height="%d" rx="5" fill="none" stroke="#ffffff" '
            'stroke-width="2"/>'
            '<ellipse cx="%s" cy="%s" rx="52" ry="64" fill="%s" stroke="#ffffff" '
            'stroke-width="3"/>'
            '<ellipse cx="%s" cy="%s" rx="45" ry="57" fill="none" stroke="#99c1f1" '
            'stroke-width="1.5"/>'
            '%s'
            % (card_base(), CARD_W - 2, CARD_H - 2, RADIUS, EDGE, CARD_W - 36, CARD_H - 36,
               num(cx), num(cy), BACK_DARK, num(cx), num(cy),
               pip('heart', cx, cy + 2, 62, color='#ffffff')))


def joker_card(color):
    other = BLUE if color == RED else CRIMSON
    out = [card_base()]
    letters = ''.join(glyph(letter, INDEX_X, 16 + i * 31, 25, color, stroke=17)
                      for i, letter in enumerate('JOKER'))
    out.append('<g>%s</g><g transform="rotate(180 %s %s)">%s</g>'
               % (letters, num(CARD_W / 2), num(CARD_H / 2), letters))
    # A jester: cap with three bells, face, ruff.
    jester = []
    jester.append(shape('M 64,150 C 62,120 46,96 26,86 C 54,80 82,92 98,116 '
                        'C 98,88 108,62 120,46 C 132,62 142,88 142,116 C 158,92 186,80 214,86 '
                        'C 194,96 178,120 176,150 Z', color))
    jester.append(shape('M 98,116 C 106,132 134,132 142,116 C 146,132 158,144 176,150 L 64,150 '
                        'C 82,144 94,132 98,116 Z', other))
    for x, y in ((26, 86), (120, 46), (214, 86)):
        jester.append(dot(x, y, 8, GOLD))
        jester.append(line('M %d,%d l 0,3' % (x, y + 2), 1.6))
    jester.append(face(120, 190, 30, 36))
    jester.append(shape('M 62,146 L 178,146 L 178,166 L 62,166 Z', GOLD))
    for x in range(74, 170, 16):
        jester.append('<path d="M %d,156 l 4,-5 l 4,5 l -4,5 Z" fill="%s"/>' % (x, other))
    # A grin, and a ruff of alternating points.
    jester.append(line('M 104,204 q 16,12 32,0', 2))
    ruff = []
    for i in range(9):
        x = 66 + i * 12
        ruff.append(shape('M %d,226 L %d,252 L %d,226 Z' % (x, x + 6, x + 12),
                          color if i % 2 else other))
    jester.append(''.join(ruff))
    for i in range(5):
        jester.append(dot(72 + i * 24, 254, 4.5, GOLD))
    out.append('<g transform="translate(21.6,46.6) scale(0.82)">%s</g>' % ''.join(jester))
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
