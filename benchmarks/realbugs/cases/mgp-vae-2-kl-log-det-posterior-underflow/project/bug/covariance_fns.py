import numpy


def gen_slowfeature(nlen, fac=0.1):
    sigma_p = numpy.ones((nlen, nlen))
    for i in range(1, nlen):
        sigma_p[i, i] += fac * fac
    return sigma_p, numpy.linalg.det(sigma_p)
