/**
 * The image `choto selftest` reads: a 420x160 crop of a real zenity
 * question dialog (fixtures/apps/zenity_question_light.png), as a 32-colour
 * PNG. It lives in code so a compiled binary carries it without any file.
 *
 * @module
 */

/** Words the dialog shows, which OCR must find. */
export const SELFTEST_WORDS = ["Delete", "selected", "permanently?", "No", "Yes"];

/** Width and height of the image. */
export const SELFTEST_SIZE = { width: 420, height: 160 };

const BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAaQAAACgCAMAAAB0dOilAAADAFBMVEX29fR6n85Odqh9o9Pz8vHt6+n08/IAAABYWl319POt0//u" +
  "7Orv7euYueJ+pNSWuOH////w7uzy8e+UtuCAptWBp9Xw7+7w7+3x8O6Ttd+RtN+CqNbNx8KGq9mFqtiQs96EqdeOsd2Lr9v08/Hu" +
  "7evv7uzr6unz8vDt7Ory8O/19PL29fPz8fC/uLHx7+5JZ4suNDb09vdZXl/y8fBTV1moqanh5ev8/f5Ld643PT/5+v2usK9bib/t" +
  "7Ot8pNN/ptVejcKnw+etx+ne3t3u7eyQst7s6+rZ2trl5OPq6ehdi8A5P0FobG1tcXKFiIiqraxXhr3n5+aIi4yRs9h/pdHi4uG9" +
  "z+Tp6OdWW1z+/v96os6pxeLNzs1hj8Nlamuhv+WmwuFGS03d3Nvn5uTZ2dh4n8z6/P2buuKiv9+NsNbh4N+KrtWEqNG7zeNZiL6v" +
  "yeR8f4A/REacnp99os6VtdmIq9OFqtOBp9I0OjxVhLtkgKKAhIRHc6p7kKv2+Ptqbm9dYmK4ublOUlStx+P6+fh9pNAvNTdJTlCD" +
  "pc1Kdq3q8Pizx+CbuduYuNrU09Pv7+51nsyfvN3IycjD1urm7faQkpPv7u3PycXX0s/TzskxNzns6+zq7fK4yuG90eeNj5BXXF3L" +
  "y8thfJ7Gxse6u7pUWVt3msVdeZqXuOCXmprx9fpqlcdtmMhhZWb8+/tznMqSvfO/wcGAosu/1OrR0dDV4vJlksXi39zf3NjQ3e30" +
  "9/pbdpfDxMTv8/d3eXumtspydneyy+aMr9qwxNxwc3Ta3+ecvN3I2e349/bW19dzlLxjiLhqhKXN0tidt9aky/ylvdydscm8vLzD" +
  "zttDSEpegq9wmsllhq7r7vCkuNJQerGgoaJziaaInLSztLWtw9xqia/IzNK2zudwjbHQ2uZmjLuuu8yux+fBu7TNx8HFv7mJqMyk" +
  "paZYeqVzlr+pu9K7xtSxsrPGytDe5/OYqb+QrdGQobiBnb57m8J5mL6frsKsxeawvs6qq6yUpruTnajfX09fAAAACXBIWXMAAAsS" +
  "AAALEgHS3X78AAAODUlEQVR42u3dCVwTVx4H8HGbZje72+4Qa0iLt7vp2rokAhWDsssuGIKgLVcRRMpdRKqEW1REEKQcFjk8q4AH" +
  "CqKu94lHPanVrfdVtbW1l9Xt3W33+Ox7b46EgiZ1Z5y4+f8+H8O8zMyfmfky815wEqifQ+w+FBwCQIIAEiBBAAkCSIAEASQIID3E" +
  "SL+ACBwxkH4JETJrxEF6DCJgeoqD9BuIgHlSFKS/9WRTduFCWU/Ij6O1iA3tfuIgPcmk7GZFxfGyJyVJJB3pVX50Dd9+mW41z6y1" +
  "mEFyozXS6yv6QKeFxIv2L3y0NrRHiYP0FEnazYqk6oqbaU9JkUj68zND6a/6ce3H6Nff4mfuor/r12npOnrf1R/OzPjGciHxov0z" +
  "H60N7QHiIPXD2XRzaW7btuqDNzf1kyCR9DtvftdOnxrwUZ1XwdY1/dag49+PnW6lUXqyDZw6muRUqMVCPbd6ee46Ksq2aV/io2Xb" +
  "Q0ks28w/3H5DHKQBKJuOV+SGHV2WveHg8U0DHnwQ0qQBO+nPv/EsP/Uh/cEbPdHxf4md/mgX/cPXM9gGXvif7fS+r4fR396yWOgG" +
  "febbffu+F2PbtC/z0bJtBqn7tkhIA1HOVUS1VWfX1vq0HTw38MEHIWUP3Ep/fpCO9PSkd73/FP16/mZ2emArnf+PpVwDp46e8f1O" +
  "gsQvFEu3f/Dire/F2DbtKD5atj0UN4aa26OwETt/kihIf+2Dcq4iae3arLqo0Wuvn+vz4BNJv5U7qoD+z3X6zAyU5QPQ8V/GTvdp" +
  "pZf35xs45fQ7YVvpq2WWC5388IRne5gY26b90SR6GIq/DjW3+2AkdtJFHKS+KM3HK5K25WT7tF0/3tz3wQcNHHYW0IdX30oeuu/t" +
  "2p2Zb6Djv4ad7ltO74vlGzgIKRMhbbJYKGXz26dak/PF2DZt377M5YxMMm381bJtMb+XOEj9cZqPH9yQmYmN+ksQNAQveP1fy99y" +
  "qTy8y6vu7+8ipOX92en+U9rp9maugWNG4heaV1eQXP71ahcRtk3r4sIguLho79pm/uF2rjhILji97pw72IaudW+WuEiR3bt3r85/" +
  "P9fFpTl/9er8N13Cdi/np13uLEctroGTvzvT5cLuZsuFkvJX715+R4xN0/6Jj9aGdpg4SL1wwpov3D54/Xb+naRekE7R/pGP1oa2" +
  "SEhPkPRofvf27Qt3kh5/AtIplr/2saFdIg7S42xKevTIfORxyP+WTHGQHoEImB7iIPWACBlRkH4GETSiIFEQQQNIgAQBJEACJECC" +
  "ABIgARIgQQAJkAAJkAAJkAAJ8lAhXbx0+fKli/ezvW7PWVvCY4QARSgqXJdAvsrT9UW2rnP/uXd1SZCGDT/Z2npy+LCHAWllkYaK" +
  "znM8pGHDX8G3x79iXSlGp8ubszf6Lnsz7vkfLU6euD+kLrU4pPp022HvK+Q7W1b/wkM/rkZqJGzkWVvraYNSzFhK3RGyeJaESGOn" +
  "PWAkzX5/Q3qcxEjEaPP48ZttUEJIKOlnFdSSsXGBQb7M3rDT+3U6nRs/A4V5wqN+nb5oI2U5g7oSpy+MprorQhnQ13TvzrXCg/RF" +
  "nzFIQTqcvM7rsOXIxbWhUL+qxjzLo2Gd/guPkEJ9UVPG2cB0Oa5QGteioLpsF9tmvjOq/pkHKpdYSrb4yhxpkZjzqLjYJiUGaY+u" +
  "gxoTFG8IWSUnx4qbJj+DXMN8JsU1+bWYFJYzEhfXvNYUQnVbZGZhR8BzKzvXKjxk9G9kz6Rp6Ezi+iR2PleOIAXuMbQEJvCrephq" +
  "0ENc9JJ0fXpEoukaGXtsmTOi63Zxbe5MWhKIrENi8ArXzq6QFGnY8BeR0ZQpU2xSYpASdTWpunC0s4Fz8d7w03j3+IYZKYOiInSp" +
  "ljPi9eRLd0V8df78qtxz/jojRW3sisTNZ8uxZxJ6KHqOL+3Rwm7CnlJvitrbwJ7J+7tuF9s2X+6m7aVUJnxl32jyl3TgwBodOICR" +
  "YpHSi/dU4s+kFeSqo1uJ94afxrvHNzr1Sa/p/DvNWBkzLn0L1V2RFaUKflXuuT16DNsViV+fKccg4c4kqJ6fRXpE/NCEi6Sj7b+2" +
  "Sq/TFXbdLrZtRurICx5hckeNlnWSju6I0eZiDillmRUlvk/yLQ3m+29+uhHtHt/gnuB2vtMM9LM7ItCvuyLcmWRZi5xJe7oiWZTE" +
  "5SzPJH5WFyRj6SyD4opb1+3ikBr5gcO6jMIG6YfgjNH44inkchcbmzLvxr2VEJI7M7obMzPRL3qMiuka2OmZITJzA4c8we28xYyN" +
  "Df6q5xcv6b5IYYcG9UmdahUeSvB3665PYuZz5bg+KUOfwK/aBSm+dI+qJs6t63ZxbfKdCdI1Uyn5iakvlBCJGC2LHT++uLiYnEgp" +
  "847cuGe/hF8nxZHXSYaQOXq3WczecNM1RYvd+AYOeYLbeYsZ6pY5eR6zui+imRYXOM27c61U8+iuExI7nyvHje48VpjLdb3cZZjy" +
  "3MZaIFkuidvkOxMkdxNznZMSiRjdSIlFSiixxKiq6oAtr5fsNza8KrM5qsAvpP6NA2uUgpRIsFFlVVZo8UOtJCCSIuOsu8RIxOjA" +
  "kXnzkFLtV62eNPq8kiPIKHTi+IdZSUCkPNNpiX93h42Sp1RVHkFMxTSb8ipkNCk7Fo0eXn14r3j/N/9VQYyKs7KqqiorK8cjn4Jk" +
  "rHR0IjLKSUsBJTtAYoxCQ0MxU1VswdGUqsqdCKmOGIWVzENXPFCSFokYxU6cGEqYkBN6yErB1ztslFsSlVSZDOeStEgXiVH2pEkT" +
  "GScmtQhpZ3ZOblhmVFL1hqpkdC5dBA/JkC69TSen5ObkICbsxASNvOnkyjTW6HxbVjJ98hJ4SIZ0uZWODctFSjnZ2RgKB427aboY" +
  "EbFGa7dl0e2XwUM6pHY6paQkDDml5eBk52RXetF0ZEVYCSJK2rChbdsEn9HfAJLElzuvyqgSxik3DQcP7ZZlEqK1SMhn9Og0L7jc" +
  "ST1wQEpRUZklRAqlHCFNjKpuW4uAkBAxgoGD5ENwr6rqpKQoksyoqNy0kiQCRIhGjiRGMASX/MWsV1Y1ThJK9Xl0jZvACiEibLQU" +
  "jOzh10JeWefPbyADuQkTWpOTkycwJ9HIkZPByD5uMyZKoWu3ISAUnwLUJ00gRJMnTy4DIzu5FxzfyuU1iSHyYZAYIjCyoxv2iVI2" +
  "2xOVFxQU+GChF14AI3t6VwWj5MP3RIQIjOzsrS9EKY3ribAQa3RYDhD2gSR3Vx1+FSuZiaZOZYy8Ve7AZA9IMrWfIcCfKLEn0VRi" +
  "VDG9IzjA4KeWgYXkSHJslGA8gZXKGKGpUzdhoxPhxgSsBOeS1EgKd5V3QHBCeOqJ6VhpqtnovfjU8ITgAHTFAwzJkeYjJGN4avx7" +
  "vBIx+jIRIRkR0nxAkhxJpvLWRCQYU33jv5y+lPbaZDbyTTUmRGi8VdApSd4nkVMJKYX7onMJKZXdIkb+8b6oS4pAJxIY2cHoDp1L" +
  "fhrULRlxv7QU33SHxgy+6FKHOiSNnwqGDfbxYhYNHtAILwI5nZh+sr395PQv0YUuOAKN7OBSZ08ftoFe0Pp5GzS+TVenT7+6cUu4" +
  "xuCNXiEpgMHOPhFFoZDLVBG+c7ckhhvcZXIAgs8WAiRAAiQIIAESBJAACZAACQJIgARIgAQBJEACJEACJEACJAggARIgARIEkADp" +
  "oUVSCJkHUdjhkNDdSnK5TKigWtzhFK2w4yEp5AkLF/QWLgsWJjC3pYlW2PGQFPIdix5dTwuX9Y8u2oEPpmiFHQ8J/bgvmn2Mela4" +
  "UMdmL0I/8qIVdkQk2UKNsN076jg0C2UK0Qo7IJJcveBZheBZoJaLVtjxkBRyVW/FM0Ln2d4qmUykwsz1zuGQ5MKHQRKlMCABkn2O" +
  "G1S9Bwmf3ip3d5EKyxwTSSZ8GCRRCgMSINkr0tPCh0ESpbCDIg2xlhjdafQ4rmWIzWGQrCw0Jgg9uBamDxnyUwo7KJLSWmJMHs5K" +
  "ZWOG0uYwSFYW0py9olS2zHlNqfwphQHpLkgNcZ8xSKn7Taa9RoGQnl6h39Kk3xKB/s5jkL9SmRGXV9gESHdBGmwtMfXXTBGDGzMG" +
  "Dy4MCjauC7K6wmAGydpSzzR4FGXIxwSFq0JWOc1d3ERFh1gv7KBIamuJqZe7NagbM9QdulSlskPna3UNBsnqYu5FbvJ4ndFdqQiM" +
  "TtRvQZ/wZ70wIN0NSd2kj0dIGxe7q9UGXY1QSOpD6eo9zB/VnuW+MWbV3mhAuguSq7XE1LsOOrS3McM1UZfo6hqtS7W6BoNkdTHX" +
  "Q+mu8aVL1qPIXeXHjo3QR1gt7KBIztYSU+/sHJ9nynBWrguKT1w3U211DQbJ6mLOh9Kd1YeC5kbUzAw4HTI34N+Lg60WBqS7IylD" +
  "dBnOzgl4dBfgLCSSsx/6o9qNK5398F/mPq0GpO6RnKzlGIUeqPUKJyfXY7NnU65WV3BikJxsquxKzV5/bJCTk2L2+tmDrBcGJKFi" +
  "K9J9FHZQpN8JHwZJlMIOivRr4cMgiVIYkADJXpF+K3wYJFEKOyjSr4QPgyRKYZlj3ogizrEUS98x7xZaoPm90NEswEjiFHZMpIXb" +
  "HxU62xdiJHEKOyASus3YuChA4EMZsMiIbzMWqTDliDfsz0/8dEeEgEcyYsenifPxDfsiFXbIt76o/bZ/8vEfhMvHn2xHf/pJIVph" +
  "x3wTmXq+t8GgESoGg/d8NfMmMpEKO+bbMWVqlZBRy7i3Y4pUGN7YDG9sho8IgI8IoODDNgAJkCBSI0EEjghIEHsNIAESBJAACQJI" +
  "EEACJAggQTrnvxKRvob/F15yAAAAAElFTkSuQmCC";

/** The PNG file's bytes. */
export function selftestPng(): Uint8Array {
  return Uint8Array.from(atob(BASE64), (c) => c.charCodeAt(0));
}
