from .lamb import Lamb
